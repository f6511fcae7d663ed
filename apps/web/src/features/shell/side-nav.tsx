import { Box, Drawer, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar } from '@mui/material';
import { menuFor, screenPath, type RoleCode } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { screenIcon } from './screen-icons.tsx';

export const NAV_WIDTH = 248;

/** The role's screens of spec section 2; permanent on a desktop, a drawer on a tablet or phone. */
export function SideNav({ role, open, onClose }: { role: RoleCode; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = menuFor(role);
  const content = (testId: string) => (
    <Box component="nav" aria-label={t('shell.navigation')} data-testid={testId}>
      <Toolbar />
      <List dense>
        {items.map((screen) => {
          const to = screenPath(role, screen);
          const selected = screen.path === '' ? pathname === to : pathname.startsWith(to);
          return (
            // A list holds list items: the link sits inside its item, not in the list itself.
            <ListItem key={screen.id} disablePadding>
              <ListItemButton component={NavLink} to={to} selected={selected} onClick={onClose} data-screen={screen.id}>
                <ListItemIcon sx={{ minWidth: 36 }}>{screenIcon(screen.id)}</ListItemIcon>
                <ListItemText primary={t(`screens.${screen.id}`)} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
  return (
    <>
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAV_WIDTH } }}
      >
        {content('side-nav-drawer')}
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          width: NAV_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {content('side-nav')}
      </Drawer>
    </>
  );
}
