import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PartnerProvider, readInjectedPartner } from './lib/partner';
import { createQueryClient } from './lib/query-client';
import { getCsrfToken } from './lib/csrf';
import { setApiBase } from './lib/api-base';
import { ContentGate } from './features/content/content-provider';
import { createRoutes } from './app/routes';
import './styles/global.css';

const partner = readInjectedPartner();
setApiBase(partner.apiBase);
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(partner));
void getCsrfToken();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PartnerProvider partner={partner}>
      <QueryClientProvider client={queryClient}>
        <ContentGate>
          <RouterProvider router={router} />
        </ContentGate>
      </QueryClientProvider>
    </PartnerProvider>
  </StrictMode>,
);
