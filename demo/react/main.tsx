// The demo's React page: the component imported by its package name, as an app would, bundled by Vite.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Stylesheets are imported for their effect: Vite bundles them into the page's CSS file.
// oxlint-disable-next-line import/no-unassigned-import
import 'docs-assistant/styles.css';
// oxlint-disable-next-line import/no-unassigned-import
import '../public/site.css';
// oxlint-disable-next-line import/no-unassigned-import
import './reactPage.css';
import { ReactPage } from './ReactPage.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('demo: #root is missing');
createRoot(root).render(
  <StrictMode>
    <ReactPage />
  </StrictMode>,
);
