import { createFileRoute } from '@tanstack/react-router';
import { ActivatePage } from '../features/activation/activate-page.tsx';

export const Route = createFileRoute('/activate')({ component: ActivatePage });
