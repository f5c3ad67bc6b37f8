import '@blueprintjs/core/lib/css/blueprint.css';
import '@xyflow/react/dist/style.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BlueprintProvider } from '@blueprintjs/core';
import { initialLang, setupI18n } from './i18n';
import { App } from './App';
import { fetchSession } from './session/SessionContext';
import { configureIconPaths } from './lib/iconPaths';

configureIconPaths();

// The page renders once its language's catalogs (a chunk of their own) and the session have
// arrived, both asked for at once rather than one after the other.
const session = fetchSession();
void Promise.all([setupI18n(initialLang(window.location.pathname)).catch(() => undefined), session]).then(([, user]) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BlueprintProvider>
        <BrowserRouter>
          <App initialUser={user} />
        </BrowserRouter>
      </BlueprintProvider>
    </StrictMode>,
  ),
);
