import { createFileRoute } from '@tanstack/react-router';
import { RegisteredPartnerPage } from '../features/partner/registered-partner-page.tsx';

export const Route = createFileRoute('/registered-partner')({ component: RegisteredPartnerPage });
