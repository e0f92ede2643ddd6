import { createFileRoute } from '@tanstack/react-router';
import { ReviewTermsPage } from '../features/terms/review-terms-page.tsx';
import { validateNextSearch } from '../lib/search.ts';

export const Route = createFileRoute('/review-terms')({
  validateSearch: validateNextSearch,
  component: function ReviewTerms() {
    const { next } = Route.useSearch();
    return <ReviewTermsPage next={next} />;
  },
});
