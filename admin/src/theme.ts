// A light MUI theme close to the storefront's colours, on react-admin's default.
import { esES } from '@mui/material/locale';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#6d28d9' },
    secondary: { main: '#f59e0b' },
    background: { default: '#f6f5fb' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    ...defaultTheme.components,
    // MUI's own labels (Alert 'Close', pagination…) in Spanish.
    ...esES.components,
    // Wide tables scroll inside their card instead of widening the page on phones.
    RaList: {
      styleOverrides: {
        root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
      },
    },
    MuiAppBar: {
      styleOverrides: { colorSecondary: { color: '#1f1147', backgroundColor: '#ffffff' } },
    },
  },
};
