import { createFileRoute } from '@tanstack/react-router';
import { DemoRedirectPage } from '../features/errors/demo-redirect-page.tsx';

export const Route = createFileRoute('/demo-redirect')({
  component: DemoRedirectPage,
});
