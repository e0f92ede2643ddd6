import { createFileRoute } from '@tanstack/react-router';
import { EmbryoGuidePage } from '../../features/resources/embryo-guide-page.tsx';

export const Route = createFileRoute('/resources/embryo-screening-guide')({
  component: EmbryoGuidePage,
});
