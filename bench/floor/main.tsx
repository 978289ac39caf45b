/**
 * The Lighthouse floor (bench/lighthouse.ts): the app's stack, React, the app's router
 * (src/client/lib/router.tsx) and TanStack Query, mounted as src/client/main.tsx mounts the app (createRoot, a transition, BrowserRouter
 * with declarative routes), rendering one heading and nothing else. What a page of this stack
 * costs at the least.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '#client/lib/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const queryClient = new QueryClient();
const root = createRoot(document.getElementById('root')!);

startTransition(() => root.render(
  <QueryClientProvider client={queryClient}>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<h1>Dining rewards</h1>} />
      </Routes>
    </BrowserRouter>
  </QueryClientProvider>,
));
