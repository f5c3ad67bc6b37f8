import '@blueprintjs/core/lib/css/blueprint.css';
import '@xyflow/react/dist/style.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BlueprintProvider } from '@blueprintjs/core';
import { initialLang, setupI18n } from './i18n';
import { App } from './App';
import { configureIconPaths } from './lib/iconPaths';

configureIconPaths();

// The page renders once its language's catalogs have arrived (a chunk of their own).
void setupI18n(initialLang(window.location.pathname)).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BlueprintProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </BlueprintProvider>
    </StrictMode>,
  ),
);
