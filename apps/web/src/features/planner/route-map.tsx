import { Box } from '@mui/material';
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import type { PlannerDetails } from './api.ts';

/**
 * The tiles' address (docs/planner.md): VITE_MAP_TILES_URL at build time, OpenStreetMap's by default,
 * none when set empty. The route and its stops are drawn as vectors, so they show also when no tile
 * server answers.
 */
const TILES_URL: string =
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_MAP_TILES_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const COLOURS: Record<string, string> = { home: '#455a64', demo: '#1565c0', service: '#6a1b9a', private: '#8d6e63' };

export function RouteMap({ details, label }: { details: PlannerDetails; label: string }) {
  const stops = details.destinations.filter((d) => d.lat !== null && d.lon !== null) as (PlannerDetails['destinations'][number] & {
    lat: number;
    lon: number;
  })[];
  const line = stops.map((s) => [s.lat, s.lon] as [number, number]);
  const lats = line.map((p) => p[0]);
  const lons = line.map((p) => p[1]);
  const bounds: [[number, number], [number, number]] = [
    [Math.min(...lats) - 0.02, Math.min(...lons) - 0.02],
    [Math.max(...lats) + 0.02, Math.max(...lons) + 0.02],
  ];
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="planner-map"
      data-stops={stops.length}
      sx={{ height: { xs: 280, md: 420 }, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: '#e8eef3' }}
    >
      <MapContainer bounds={bounds} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false} attributionControl={TILES_URL !== ''}>
        {TILES_URL !== '' && <TileLayer url={TILES_URL} attribution="&copy; OpenStreetMap" />}
        <Polyline positions={line} pathOptions={{ color: '#1565c0', weight: 4, className: 'planner-route' }} />
        {stops.map((s, i) => (
          <CircleMarker
            key={`${i}-${s.arrival_time}`}
            center={[s.lat, s.lon]}
            radius={s.isNew ? 11 : 7}
            pathOptions={{
              color: s.isNew ? '#2e7d32' : (COLOURS[s.type] ?? '#455a64'),
              fillOpacity: 0.9,
              className: s.isNew ? 'planner-stop-new' : 'planner-stop',
            }}
          >
            <Tooltip>{`${i + 1}. ${s.label}`}</Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </Box>
  );
}
