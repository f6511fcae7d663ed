import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import {
  AppBar,
  Avatar,
  Box,
  Chip,
  IconButton,
  InputAdornment,
  ListItemText,
  Menu,
  MenuItem,
  Select,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { LANGUAGES, screensFor, type CurrentUserDto, type Language } from '@bo/domain';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { rememberLanguage } from '../../app/i18n.ts';
import { useEditProfile, useLoginBack, useLogout } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import type { LiveStatus } from '../../app/socket.ts';
import { TelephonyBar } from '../telephony/telephony-bar.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.ts';

const STATUS_COLOUR = { connected: 'success', connecting: 'warning', offline: 'default' } as const;

export function TopBar({ user, base, live, onMenu }: { user: CurrentUserDto; base: string; live: LiveStatus; onMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const loginBack = useLoginBack();
  const editProfile = useEditProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const canSearch = screensFor(user.role.code).some((s) => s.id === 'search');
  const initials = (user.name[0] ?? '') + (user.surname[0] ?? '');

  const changeLanguage = (lng: Language) => {
    rememberLanguage(lng);
    void i18n.changeLanguage(lng);
    editProfile.mutate({ locale: lng }, { onError: (err) => snackbar.show(errorMessage(err, t)) });
  };

  return (
    <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, lg: 1.5 } }}>
        <IconButton edge="start" onClick={onMenu} aria-label={t('shell.openMenu')} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" noWrap sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' } }}>
          {t('app.title')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canSearch && (
          // Below 1200 px the field gives its room to the title: the button opens the search screen.
          <IconButton
            aria-label={t('shell.search')}
            onClick={() => void navigate(`${base}/search`)}
            sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
            data-testid="top-bar-search-button"
          >
            <SearchIcon />
          </IconButton>
        )}
        {canSearch && (
          <TextField
            size="small"
            placeholder={t('shell.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                void navigate(`${base}/search?q=${encodeURIComponent(query)}`);
              }
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': t('shell.search') },
            }}
            sx={{ width: 240, display: { xs: 'none', lg: 'inline-flex' } }}
          />
        )}
        <Suspense fallback={null}>
          <TelephonyBar role={user.role.code} live={live} />
        </Suspense>
        {/* Below 1200 px only its coloured dot shows (its words stay for screen readers and as a tooltip), so the title keeps its room. */}
        <Chip
          size="small"
          color={STATUS_COLOUR[live]}
          icon={<FiberManualRecordIcon />}
          label={t(`shell.live.${live}`)}
          title={t(`shell.live.${live}`)}
          data-testid="live-status"
          sx={(theme) => ({
            [theme.breakpoints.down('lg')]: { '& .MuiChip-label': visuallyHidden, '& .MuiChip-icon': { mx: 0.5 } },
          })}
        />
        <Select
          size="small"
          value={i18n.resolvedLanguage ?? 'de'}
          onChange={(e) => changeLanguage(e.target.value as Language)}
          inputProps={{ 'aria-label': t('shell.language') }}
          data-testid="language-switcher"
        >
          {LANGUAGES.map((lng) => (
            <MenuItem key={lng} value={lng}>
              {lng.toUpperCase()}
            </MenuItem>
          ))}
        </Select>
        {/* The name starts with the initials the button shows, so it can be spoken to as it reads (WCAG 2.5.3). */}
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${initials}, ${t('shell.profileMenu')}`}
          data-testid="profile-menu"
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 14 }}>{initials}</Avatar>
        </IconButton>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem disabled>
            <ListItemText primary={`${user.name} ${user.surname}`} secondary={t(`roles.${user.role.code}`)} />
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(`${base}/edit-profile`);
            }}
          >
            {t('shell.editProfile')}
          </MenuItem>
          {user.impersonated_by && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                loginBack.mutate(undefined, {
                  onSuccess: () => void navigate('/admin-dashboard'),
                  onError: (err) => snackbar.show(errorMessage(err, t)),
                });
              }}
            >
              {t('shell.backTo', { name: user.impersonated_by.name })}
            </MenuItem>
          )}
          <MenuItem
            data-testid="sign-out"
            onClick={() => {
              setAnchor(null);
              logout.mutate();
            }}
          >
            {t('shell.signOut')}
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
