import { CssBaseline, ThemeProvider } from '@mui/material';
import { DEFAULT_PRIMARY_COLOUR, PAGE_TITLE } from '@bo/domain';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n.ts';
import { sendToLicencePage } from './app/licence-restriction.ts';
import { router } from './app/router.tsx';
import { useCurrentUser } from './app/session.ts';
import { AppSnackbar } from './app/snackbar.tsx';
import { makeTheme } from './app/theme.ts';
import { VersionNotice } from './app/version-notice.tsx';

// A call refused because an independent agent's licence restricts them leads to the licence page.
const onError = (err: unknown) => sendToLicencePage(err, router.state.location, (to) => router.navigate(to));
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
});

function ThemedApp() {
  const { data: user } = useCurrentUser();
  const colour = user?.theme_colour ?? DEFAULT_PRIMARY_COLOUR;
  const theme = useMemo(() => makeTheme(colour), [colour]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <AppSnackbar />
      <VersionNotice />
    </ThemeProvider>
  );
}

document.title = PAGE_TITLE;
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  </StrictMode>,
);
