import AccountBalance from '@mui/icons-material/AccountBalance';
import Assessment from '@mui/icons-material/Assessment';
import CloudUpload from '@mui/icons-material/CloudUpload';
import CreditCard from '@mui/icons-material/CreditCard';
import Dashboard from '@mui/icons-material/Dashboard';
import Event from '@mui/icons-material/Event';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import LocationOn from '@mui/icons-material/LocationOn';
import Mail from '@mui/icons-material/Mail';
import People from '@mui/icons-material/People';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import PieChart from '@mui/icons-material/PieChart';
import Receipt from '@mui/icons-material/Receipt';
import School from '@mui/icons-material/School';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Star from '@mui/icons-material/Star';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Warehouse from '@mui/icons-material/Warehouse';
import type { ReactElement } from 'react';

const ICONS: Record<string, ReactElement> = {
  home: <Dashboard />,
  clients: <People />,
  search: <Search />,
  createClient: <PersonAdd />,
  eventsUpcoming: <Event />,
  eventsHistory: <History />,
  totalStatistics: <Assessment />,
  finances: <AccountBalance />,
  warehouse: <Warehouse />,
  omnicas: <CreditCard />,
  import: <CloudUpload />,
  academy: <School />,
  createAgent: <PersonAdd />,
  locations: <LocationOn />,
  products: <Inventory />,
  accountsSettings: <SupervisorAccount />,
  adminPayments: <Receipt />,
  globalSettings: <Settings />,
  pieChart: <PieChart />,
  outbox: <Mail />,
  telephony: <PhoneInTalk />,
  partnerUsers: <People />,
  license: <VerifiedUser />,
  licences: <VerifiedUser />,
  earningsSources: <Assessment />,
  referrals: <Star />,
  userRecommendations: <Star />,
  userCreateRecommendation: <PersonAdd />,
  userProducts: <ShoppingCart />,
};

export function screenIcon(id: string): ReactElement {
  return ICONS[id] ?? <Dashboard />;
}
