import { createFileRoute } from '@tanstack/react-router';
import { PartnerPage } from '../features/partner/partner-page.tsx';

export const Route = createFileRoute('/partner')({ component: PartnerPage });
