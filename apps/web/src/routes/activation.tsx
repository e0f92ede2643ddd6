import { createFileRoute } from '@tanstack/react-router';
import { ActivationPage } from '../features/activation/activation-page.tsx';

export const Route = createFileRoute('/activation')({ component: ActivationPage });
