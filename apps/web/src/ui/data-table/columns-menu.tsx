import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { Box, Button, Checkbox, Divider, FormControlLabel, IconButton, Popover, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableState } from './use-data-table.ts';

/** Which columns show and in which order (first = leftmost); and a way back to the defaults. */
export function ColumnsMenu<Row>({ table, hiddenForSpace = [] }: { table: DataTableState<Row>; hiddenForSpace?: readonly string[] }) {
  const { t } = useTranslation(['common', 'tables']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const specs = new Map(table.columns.map((c) => [c.id, c]));
  const visibleCount = table.layout.columns.filter((c) => c.visible).length;
  const last = table.layout.columns.length - 1;

  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlinedIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        data-testid="table-columns-button"
      >
        {t('tables:columns')}
      </Button>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('tables:columns'), sx: { p: 1.5, minWidth: 280, maxWidth: 360 } } }}
      >
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1, mb: 0.5 }}>
          {t('tables:columnsHint')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="table-columns-menu">
          {table.layout.columns.map((col, index) => {
            const spec = specs.get(col.id);
            const label = spec?.label ?? col.id;
            // Left out for lack of space: shown unticked, with why; ticking it keeps it shown (the table then scrolls).
            const noRoom = hiddenForSpace.includes(col.id);
            return (
              <Box component="li" key={col.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1 }} data-column={col.id}>
                <FormControlLabel
                  sx={{ flexGrow: 1, mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={col.visible && !noRoom}
                      disabled={spec?.alwaysVisible === true || (col.visible && !noRoom && visibleCount === 1)}
                      onChange={(e) => table.setVisible(col.id, e.target.checked)}
                    />
                  }
                  label={
                    noRoom ? (
                      <>
                        {label}
                        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {t('tables:hiddenForSpace')}
                        </Typography>
                      </>
                    ) : (
                      label
                    )
                  }
                />
                <IconButton
                  size="small"
                  disabled={index === 0}
                  onClick={() => table.moveColumn(col.id, -1)}
                  aria-label={t('tables:moveLeft', { column: label })}
                >
                  <KeyboardArrowUpIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={index === last}
                  onClick={() => table.moveColumn(col.id, 1)}
                  aria-label={t('tables:moveRight', { column: label })}
                >
                  <KeyboardArrowDownIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
        <Divider sx={{ my: 1 }} />
        <Button size="small" startIcon={<RestartAltIcon />} onClick={table.reset}>
          {t('tables:resetLayout')}
        </Button>
      </Popover>
    </>
  );
}
