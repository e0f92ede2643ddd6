import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../features/errors/forbidden-page.tsx';
import { validateForbiddenSearch } from '../lib/search.ts';

export const Route = createFileRoute('/403')({
  validateSearch: validateForbiddenSearch,
  component: Forbidden,
});

function Forbidden() {
  const { message } = Route.useSearch();
  return <ForbiddenPage message={message} />;
}
