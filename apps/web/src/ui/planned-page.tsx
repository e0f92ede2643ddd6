import { PageHeading } from './page-heading.tsx';

/**
 * A page whose content arrives with a later change: its real heading and one sentence saying
 * what the page is for. Nothing else, so nothing on it is false.
 */
export function PlannedPage({ title, purpose }: { title: string; purpose: string }) {
  return <PageHeading title={title} lead={purpose} />;
}
