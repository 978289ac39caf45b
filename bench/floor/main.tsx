/**
 * The Lighthouse floor (bench/lighthouse.ts): the app's stack, React, React Router and TanStack
 * Query, rendering one heading and nothing else. What a page of this stack costs at the least.
 */
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const router = createBrowserRouter([{ path: '/', element: <h1>Dining rewards</h1> }]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
