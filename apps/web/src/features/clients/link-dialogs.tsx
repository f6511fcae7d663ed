import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { DEBOUNCE_MS, type ClientSummaryDto } from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientSearch, useSalesAgents, type LinkKind } from './api.ts';
import { clientName } from './client-bits.tsx';

/** Picks the client to link as cohabitant or block neighbour: a search over all clients. */
export function LinkClientDialog({
  kind,
  client,
  pending,
  onLink,
  onClose,
}: {
  kind: LinkKind;
  client: ClientSummaryDto;
  pending: boolean;
  onLink: (other: ClientSummaryDto) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['clients']);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ClientSummaryDto | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const found = useClientSearch(search);
  const candidates = (found.data?.data ?? []).map((r) => r.user).filter((u) => u.id !== client.id);

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="link-dialog">
      <DialogTitle>{t(`clients:link.title_${kind}`, { name: clientName(client) })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('clients:link.search')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'link-search' } }}
        />
        {search.length < 2 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('clients:link.hint')}
          </Typography>
        ) : found.isPending ? (
          <CircularProgress size={20} sx={{ mt: 2 }} />
        ) : candidates.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('clients:link.none', { search })}
          </Typography>
        ) : (
          <List dense sx={{ mt: 1, maxHeight: 320, overflow: 'auto' }}>
            {candidates.map((u) => (
              <ListItemButton key={u.id} selected={picked?.id === u.id} onClick={() => setPicked(u)} data-testid="link-candidate">
                <ListItemText
                  primary={clientName(u)}
                  secondary={[u.address, [u.zipcode, u.city].filter(Boolean).join(' '), u.phone ?? u.mobile_phone]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('clients:cancel')}
        </Button>
        <Button variant="contained" disabled={!picked || pending} onClick={() => picked && onLink(picked)} data-testid="link-confirm">
          {t('clients:link.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Chooses the sales agent who looks after a client, or none. */
export function LinkedAgentDialog({
  client,
  pending,
  onSave,
  onClose,
}: {
  client: ClientSummaryDto;
  pending: boolean;
  onSave: (agentId: number | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['clients']);
  const agents = useSalesAgents(true);
  const [value, setValue] = useState(client.linked_agent ? String(client.linked_agent.id) : '');
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="agent-dialog">
      <DialogTitle>{t('clients:agent.title', { name: clientName(client) })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          label={t('clients:fields.linked_agent')}
          value={agents.isSuccess ? value : ''}
          onChange={(e) => setValue(e.target.value)}
          disabled={!agents.isSuccess}
          helperText={agents.isError ? t('clients:agent.loadError') : undefined}
          error={agents.isError}
          sx={{ mt: 1 }}
        >
          <MenuItem value="">
            <em>{t('clients:agent.none')}</em>
          </MenuItem>
          {(agents.data ?? []).map((a) => (
            <MenuItem key={a.id} value={String(a.id)} disabled={!a.is_active && String(a.id) !== value}>
              {a.is_active ? a.name : t('clients:agent.inactive', { name: a.name })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('clients:cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={pending || !agents.isSuccess}
          onClick={() => onSave(value === '' ? null : Number(value))}
          data-testid="agent-save"
        >
          {t('clients:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
