// SPEC §2's menu, filtered by the signed-in role (see menu.ts).
import CampaignIcon from '@mui/icons-material/Campaign';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CasinoIcon from '@mui/icons-material/Casino';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AssessmentIcon from '@mui/icons-material/Assessment';
import SettingsIcon from '@mui/icons-material/Settings';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ReactElement } from 'react';
import { Menu, useBasename, usePermissions, useTranslate } from 'react-admin';
import { menuFor } from './menu';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  hero: <CampaignIcon />,
  packages: <Inventory2Icon />,
  prizes: <CardGiftcardIcon />,
  draw: <CasinoIcon />,
  raffles: <ConfirmationNumberIcon />,
  archive: <EmojiEventsIcon />,
  audit: <FactCheckIcon />,
  'data-requests': <PrivacyTipIcon />,
  'admin-banner-manager': <ImageIcon />,
  settings: <SettingsIcon />,
  users: <GroupIcon />,
  resellers: <PeopleAltIcon />,
  purchases: <HistoryIcon />,
  reports: <AssessmentIcon />,
  'bank-statements': <AccountBalanceIcon />,
  invoices: <ReceiptLongIcon />,
};

export function AppMenu() {
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Menu>
      {menuFor(permissions).map((entry) => (
        <Menu.Item
          key={entry.name}
          to={`${basename}${entry.path}`}
          primaryText={translate(entry.labelKey)}
          leftIcon={ICONS[entry.name]}
          end={entry.path === '/'}
        />
      ))}
    </Menu>
  );
}
