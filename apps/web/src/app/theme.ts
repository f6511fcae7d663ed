import { createTheme } from '@mui/material';
import { BREAKPOINTS, PRIMARY_COLOURS, type PrimaryColour } from '@bo/domain';

export function makeTheme(colour: PrimaryColour) {
  return createTheme({
    palette: { primary: { main: PRIMARY_COLOURS[colour] }, background: { default: '#f4f6f8' } },
    breakpoints: { values: BREAKPOINTS },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { sizeSmall: { paddingTop: 4, paddingBottom: 4 } } },
    },
  });
}
