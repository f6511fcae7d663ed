import { createTheme } from '@mui/material';
import { BREAKPOINTS, PRIMARY_COLOURS, type PrimaryColour } from '@bo/domain';

export function makeTheme(colour: PrimaryColour) {
  return createTheme({
    // Text on a coloured surface (buttons, chips) reads at 4.5:1 (WCAG AA) or switches to dark text.
    palette: { primary: { main: PRIMARY_COLOURS[colour] }, background: { default: '#f4f6f8' }, contrastThreshold: 4.5 },
    breakpoints: { values: BREAKPOINTS },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { sizeSmall: { paddingTop: 4, paddingBottom: 4 } } },
      // A read-only field's hint still says something worth reading: secondary text, not the faint disabled grey.
      MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    },
  });
}
