import { act, render } from '@testing-library/react';
import { memo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useStableCallback } from './use-stable-callback';

describe('useStableCallback', () => {
  it('keeps its identity across renders and calls the newest callback', () => {
    const seen: ((n: number) => number)[] = [];
    let childRenders = 0;
    const Child = memo(function Child({ onValue }: { onValue: (n: number) => number }) {
      childRenders++;
      seen.push(onValue);
      return null;
    });
    let bump = () => {};
    function Parent() {
      const [factor, setFactor] = useState(1);
      bump = () => setFactor((f) => f + 1);
      const onValue = useStableCallback((n: number) => n * factor);
      return <Child onValue={onValue} />;
    }
    render(<Parent />);
    act(() => bump());
    act(() => bump());
    expect(childRenders).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.(2)).toBe(6);
  });
});
