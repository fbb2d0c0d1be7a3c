import { describe, expect, it } from 'vitest';
import {
  formatLimitIssue,
  validateLimitEdit,
  validateLimitFields,
  type LimitEditEntry,
  type LimitIssue,
} from './limit-validation.js';
import { LIMIT_KEY_SUFFIXES, limitTypeOfSuffix, SERVICE_MESSAGE_SUFFIXES } from './limit-types.js';

const entry = (
  limitType: LimitEditEntry['limitType'],
  limit: number,
  more: Partial<LimitEditEntry> = {},
) => ({
  limitType,
  limit,
  priority: 2,
  delayTime: 10,
  notSet: false,
  ...more,
});
const texts = (issues: LimitIssue[]) => issues.map((issue) => formatLimitIssue(issue));
const domain = { min: 0, max: 5 };

describe('limit edit rules (screens §5 "Limit edit")', () => {
  it('accepts an ordered set within the domain', () => {
    const set = [entry('Bottom', 0.5), entry('BottomMiddle', 1), entry('TopMiddle', 4), entry('Top', 4.5)];
    expect(validateLimitEdit(set, domain)).toEqual([]);
  });

  it('priority 0 to 9', () => {
    expect(texts(validateLimitEdit([entry('Top', 4, { priority: 10 })], domain))).toEqual([
      'Prioritäten müssen zwischen 0 und 9 liegen.',
    ]);
    expect(validateLimitEdit([entry('Top', 4, { priority: -1 })], domain)[0]).toMatchObject({
      key: 'priorityRange',
      limitType: 'Top',
      field: 'priority',
    });
    expect(validateLimitEdit([entry('Top', 4, { priority: 1.5 })], domain)).toHaveLength(1);
    expect(
      validateLimitEdit([entry('Top', 4, { priority: 0 }), entry('Bottom', 1, { priority: 9 })], domain),
    ).toEqual([]);
  });

  it('delayTime 0 to 65535 (screens §9)', () => {
    expect(texts(validateLimitEdit([entry('Top', 4, { delayTime: 65536 })], domain))).toEqual([
      'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
    ]);
    expect(
      validateLimitEdit(
        [entry('Top', 4, { delayTime: 65535 }), entry('Bottom', 1, { delayTime: 0 })],
        domain,
      ),
    ).toEqual([]);
    expect(validateLimitEdit([entry('Top', 4, { delayTime: -1 })], domain)[0]?.key).toBe('delayTimeRange');
  });

  it('limit within the PV domain, with the value and the bound in the message', () => {
    const below = validateLimitEdit([entry('Bottom', -0.5)], domain);
    expect(below[0]).toMatchObject({ key: 'belowMinimum', params: { value: -0.5, 0: 0 } });
    expect(texts(below)).toEqual(['Der Wert -0,5 liegt unter dem Minimalwert von 0']);
    expect(texts(validateLimitEdit([entry('Top', 7)], domain))).toEqual([
      'Der Wert 7 liegt über dem Maximalwert von 5',
    ]);
    expect(formatLimitIssue(below[0]!, String)).toBe('Der Wert -0.5 liegt unter dem Minimalwert von 0');
    // An open bound limits nothing.
    expect(validateLimitEdit([entry('Top', 700)], { min: 0, max: null })).toEqual([]);
    expect(validateLimitEdit([entry('Top', 700)], null)).toEqual([]);
  });

  it('the lowest limit must not exceed the others', () => {
    expect(texts(validateLimitEdit([entry('Bottom', 3), entry('TopMiddle', 2)], domain))).toEqual([
      'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
    ]);
    expect(texts(validateLimitEdit([entry('Bottom', 1.5), entry('BottomMiddle', 1)], domain))).toEqual([
      'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
    ]);
  });

  it('bottom-middle must not exceed top-middle', () => {
    expect(texts(validateLimitEdit([entry('BottomMiddle', 3), entry('TopMiddle', 2)], domain))).toEqual([
      'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
    ]);
  });

  it('top must not be under the others; equal limits are allowed', () => {
    expect(texts(validateLimitEdit([entry('TopMiddle', 4), entry('Top', 3.5)], domain))).toEqual([
      'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
    ]);
    expect(validateLimitEdit([entry('Bottom', 2), entry('Top', 2)], domain)).toEqual([]);
    // Bottom above Top breaks both rules.
    expect(validateLimitEdit([entry('Bottom', 4), entry('Top', 1)], domain).map((i) => i.key)).toEqual([
      'bottomAboveOthers',
      'topBelowOthers',
    ]);
  });

  it('limits that are not set are left out entirely', () => {
    const set = [
      entry('Bottom', 99, { notSet: true, priority: 42 }),
      entry('TopMiddle', 4),
      entry('Top', -3, { notSet: true }),
    ];
    expect(validateLimitEdit(set, domain)).toEqual([]);
  });

  it('a limit that is no number is refused without further rules', () => {
    expect(
      validateLimitEdit([entry('Top', Number.NaN), entry('Bottom', 1)], domain).map((i) => i.key),
    ).toEqual(['notANumber']);
    expect(validateLimitFields(entry('Top', Number.POSITIVE_INFINITY))[0]?.key).toBe('notANumber');
  });
});

describe('limit key suffixes (screens §9)', () => {
  it('Bottom ugw, BottomMiddle mugw, TopMiddle mogw, Top ogw; service messages uwm, muwm, mowm, owm', () => {
    expect(LIMIT_KEY_SUFFIXES).toEqual({
      Bottom: 'ugw',
      BottomMiddle: 'mugw',
      TopMiddle: 'mogw',
      Top: 'ogw',
    });
    expect(Object.values(SERVICE_MESSAGE_SUFFIXES)).toEqual(['uwm', 'muwm', 'mowm', 'owm']);
    expect(limitTypeOfSuffix('mogw')).toBe('TopMiddle');
    expect(limitTypeOfSuffix('xyz')).toBeNull();
  });
});
