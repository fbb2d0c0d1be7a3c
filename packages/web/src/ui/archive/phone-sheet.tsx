import { Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * An archive's range, filter and list controls on a phone: above the list they would fill the
 * first screen, so they fold into one button that opens them as a sheet from the bottom and the
 * first screen shows entries.
 */
export function PhoneSheet({
  label,
  title,
  testId,
  children,
}: {
  /** The button's text; says what is behind it. */
  label: string;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const [open, { open: show, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="sm" data-testid={testId} aria-expanded={open} onClick={show}>
        {label}
      </Button>
      <Drawer
        opened={open}
        onClose={close}
        position="bottom"
        size="auto"
        title={title}
        data-testid={`${testId}-sheet`}
      >
        <Stack gap="sm">{children}</Stack>
      </Drawer>
    </>
  );
}
