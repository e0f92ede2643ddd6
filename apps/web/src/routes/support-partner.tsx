import { createFileRoute } from '@tanstack/react-router';
import { SupportPartnerPage } from '../features/partner/support-partner-page.tsx';

export const Route = createFileRoute('/support-partner')({ component: SupportPartnerPage });
