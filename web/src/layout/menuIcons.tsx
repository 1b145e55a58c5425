import type { ComponentType } from 'react';
import {
  IconApps,
  IconArrowRise,
  IconBook,
  IconBranch,
  IconCommand,
  IconCustomerService,
  IconDashboard,
  IconDesktop,
  IconEye,
  IconFolder,
  IconHome,
  IconIdcard,
  IconLocation,
  IconMindMapping,
  IconNav,
  IconPublic,
  IconRobot,
  IconSafe,
  IconSend,
  IconSettings,
  IconStamp,
  IconStorage,
  IconSwap,
  IconTrophy,
  IconUser,
  IconUserGroup,
} from '@arco-design/web-react/icon';

/** Arco icons for the icon names of the menu tree (core/src/menu/default_tree.rs). */
const MENU_ICONS: Record<string, ComponentType> = {
  workbench: IconDesktop,
  home: IconDashboard,
  house: IconHome,
  newHouseDistribution: IconBranch,
  community: IconLocation,
  customer: IconCustomerService,
  viewing: IconEye,
  transactionCenter: IconSwap,
  report: IconSend,
  commissionSettlement: IconTrophy,
  signingTransaction: IconStamp,
  statistics: IconArrowRise,
  store: IconStorage,
  storeStaff: IconIdcard,
  enterprise: IconCommand,
  userManagement: IconUserGroup,
  station: IconMindMapping,
  app: IconApps,
  parameterConfig: IconSettings,
  mine: IconUser,
  city: IconPublic,
  admin: IconSafe,
  routeConfig: IconNav,
  ai: IconRobot,
  knowledge: IconBook,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? IconFolder;
  return <Icon />;
}
