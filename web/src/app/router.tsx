/**
 * The routes of 000 §2. Every page is its own chunk. History mode by default; VITE_ROUTER_MODE=hash
 * switches to hash mode.
 */
import { createBrowserRouter, createHashRouter, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { Spin } from 'antd';
import Root, { RouteError } from './Root';

type Loader = () => Promise<{ default: ComponentType<never> }>;
const page = (load: Loader, props: Record<string, unknown> = {}): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const C = (await load()).default as ComponentType<Record<string, unknown>>;
    return { Component: () => <C {...props} /> };
  },
});

const errorPage = () => import('../pages/errors/ErrorPage');

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spin fullscreen />,
    children: [
      { path: '/', ...page(() => import('../pages/Home')) },
      { path: '/login', ...page(() => import('../pages/auth/Login')) },
      { path: '/admin/login', ...page(() => import('../pages/auth/Login'), { console: true }) },
      { path: '/register', ...page(() => import('../pages/auth/Register')) },
      { path: '/reset-password', ...page(() => import('../pages/auth/ResetPassword')) },
      { path: '/my/info', ...page(() => import('../pages/PersonalCenter')) },
      { path: '/space/list', ...page(() => import('../pages/SpaceList')) },
      { path: '/workbench', ...page(() => import('../workspace/pages/Workbench')) },
      { path: '/person/:name', ...page(() => import('../workspace/pages/Person')) },
      { path: '/apply_profile', ...page(() => import('../workspace/pages/ApplyProfile')) },
      { path: '/join_team', ...page(() => import('../workspace/pages/JoinTeam')) },
      { path: '/discord', ...page(() => import('../workspace/pages/Discord')) },
      { path: '/test', ...page(() => import('../workspace/pages/TestPage')) },
      { path: '/demo/test/route/:id/:name?', ...page(() => import('../workspace/pages/DemoRoute')) },
      { path: '/workflow_store', ...page(() => import('../workspace/store/StorePage')) },
      { path: '/goods/:id', ...page(() => import('../workspace/store/GoodsPage')) },
      { path: '/payment', ...page(() => import('../workspace/pay/PaymentPage')) },
      { path: '/nft', ...page(() => import('../workspace/nft/NftPage')) },
      { path: '/helper/ai-code', ...page(() => import('../helper/AiCodePage')) },
      ...([401, 403, 404, 500, 502] as const).map((code) => ({ path: `/${code}`, ...page(errorPage, { code }) })),
      { path: '/admin/*', ...page(() => import('../console/Shell')) },
      { path: '*', ...page(() => import('../pages/MenuPage')) },
    ],
  },
];

const mode = (import.meta.env as Record<string, string | undefined>).VITE_ROUTER_MODE;
export const router = mode === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
