import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from '#client/lib/router';
import { setCsrfPath } from '#client/lib/csrf';
import { API_PATHS } from '#shared/api-paths';
import { ConsoleRoutes } from './app';
import '#client/styles/global.css';
import './console.css';

// The console's own anti-forgery token (bound to the staff session), not a partner site's.
setCsrfPath(API_PATHS.opsCsrf.path);
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 10_000 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ConsoleRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
