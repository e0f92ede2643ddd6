import { Alert, Anchor, List } from '@mantine/core';
import { useEffect, useRef } from 'react';

export interface SummaryItem {
  /** The id of the field the message is about. */
  id: string;
  message: string;
}

/**
 * The list of what to fix, at the top of a form once it was submitted, each linking to its field (as
 * GOV.UK's error summary does). It takes focus when it appears, so a screen reader hears it and
 * a keyboard user starts from it.
 */
export function ErrorSummary({ items, attempt }: { items: SummaryItem[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus moves here on a submit only, never while the person fixes a field. With nothing to
  // fix the summary is not drawn and the ref is empty.
  useEffect(() => {
    ref.current?.focus();
  }, [attempt]);
  if (attempt === 0 || items.length === 0) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" title="There is a problem" role="alert">
      <List spacing={4}>
        {items.map((item) => (
          <List.Item key={item.id}>
            <Anchor
              href={`#${item.id}`}
              onClick={(event) => {
                // Focus the field itself: following the fragment alone only scrolls to it.
                event.preventDefault();
                const field = document.getElementById(item.id);
                field?.focus();
                field?.scrollIntoView({ block: 'center' });
              }}
            >
              {item.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
