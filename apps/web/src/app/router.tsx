import { createBrowserRouter, Outlet } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { OopsPage } from '../ui/oops-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <OopsPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
