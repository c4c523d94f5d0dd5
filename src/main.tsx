import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './index.css';

const el = document.getElementById('app');
if (!el) throw new Error('#app element missing');
createRoot(el).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
