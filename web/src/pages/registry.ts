import type { RouteRecord } from '@core/wasm';
// React.lazy's shape, plus preload(): the router fetches the page being opened ahead of its render.
import { lazyWithPreload as lazy } from '../router/lazyWithPreload';

export interface PageProps {
  route: RouteRecord;
}

type LazyPage = ReturnType<typeof lazy<PageProps>>;

const WorkspaceHome = lazy(() => import('./home/workspace'));
const AdminHome = lazy(() => import('./home/admin'));
const PersonalCentre = lazy(() => import('./mine/personalCentre'));
const CitySites = lazy(() => import('./org/citySite'));
const Companies = lazy(() => import('./org/company'));
const CompanyDetail = lazy(() => import('./org/companyDetail'));
const Stores = lazy(() => import('./org/store'));
const Departments = lazy(() => import('./org/department'));
const Positions = lazy(() => import('./org/position'));
const AppCatalog = lazy(() => import('./org/appCatalog'));
const AppEnablement = lazy(() => import('./org/appEnablement'));
const Roles = lazy(() => import('./org/role'));
const RoleSetting = lazy(() => import('./org/roleSetting'));
const Dictionary = lazy(() => import('./org/dictionary'));
const Staff = lazy(() => import('./org/staff'));
const StaffDetail = lazy(() => import('./org/staffDetail'));
const ListingRoles = lazy(() => import('./org/listingRoles'));
const Areas = lazy(() => import('./org/areas'));
const BuildingTypes = lazy(() => import('./org/buildingTypes'));
const MenuConfig = lazy(() => import('./org/menu'));
// 二手房 and 租房: one set of listing pages, whose trade is the route's (shared/listing `tradeOf`).
const ListingList = lazy(() => import('./house/oldList'));
const ListingDetail = lazy(() => import('./house/oldDetail'));
const ListingEdit = lazy(() => import('./house/oldEdit'));
const Communities = lazy(() => import('./house/community'));
const CommunityDetail = lazy(() => import('./house/communityDetail'));
const CommunityEdit = lazy(() => import('./house/communityEdit'));
const Knowledge = lazy(() => import('./aiHelper/knowledge'));
const KnowledgeDetail = lazy(() => import('./aiHelper/knowledgeDetail'));
const NewHomes = lazy(() => import('./house/newHomes'));
const NewHomeDetail = lazy(() => import('./house/newHomeDetail'));
const Assistants = lazy(() => import('./aiHelper/assistants'));
const AssistantDetail = lazy(() => import('./aiHelper/assistantDetail'));
const ChatLog = lazy(() => import('./aiHelper/chatLog'));
const ChatStatistics = lazy(() => import('./aiHelper/chatStatistics'));
// 买卖合同 and 租赁合同: one set of contract pages, whose kind is the route's (business/shared/deal).
const ContractList = lazy(() => import('./business/contractList'));
const ContractDetail = lazy(() => import('./business/contractDetail'));
const ContractEdit = lazy(() => import('./business/contractEdit'));
const Commission = lazy(() => import('./business/commission'));
const Achievement = lazy(() => import('./business/achievement'));
const Customers = lazy(() => import('./crm/customer'));
const CluePool = lazy(() => import('./crm/clue'));
const ClueBatch = lazy(() => import('./crm/clueEdit'));
// 新房报备与成交: one report list for 我要报备 and city operations' 报备审核.
const NewHouseReports = lazy(() => import('./business/newHouseReports'));
const NewHouseDealEdit = lazy(() => import('./business/newHouseDealEdit'));
const NewHouseDealDetail = lazy(() => import('./business/newHouseDealDetail'));

/**
 * Built pages by menu component path; a path not listed renders the 建设中 notice. One page
 * serves the same screen in every workspace: the server's data scope decides its rows.
 */
const PAGES: Record<string, LazyPage> = {
  'work/home/index': WorkspaceHome,
  'coc/home': WorkspaceHome,
  'adminConfig/home': AdminHome,
  'work/mine': PersonalCentre,
  'coc/mine': PersonalCentre,

  'adminConfig/citySite': CitySites,
  'coc/company/index': Companies,
  'adminConfig/company': Companies,
  'coc/company/brokerageDetail': CompanyDetail,
  'coc/company/independentDetail': CompanyDetail,
  'coc/company/partnerDetail': CompanyDetail,
  'adminConfig/company/brokerageDetail': CompanyDetail,
  'adminConfig/company/independentDetail': CompanyDetail,
  'adminConfig/company/partnerDetail': CompanyDetail,

  'work/enterprise/store': Stores,
  'work/enterprise/organograma': Departments,
  'coc/hr/organograma': Departments,
  'work/enterprise/station': Positions,
  'coc/hr/station': Positions,
  'adminConfig/app': AppCatalog,
  'coc/app': AppEnablement,
  'work/enterprise/app': AppEnablement,
  'work/enterprise/role': Roles,
  'coc/hr/role': Roles,
  'work/enterprise/roleSetting': RoleSetting,
  'coc/hr/roleSetting': RoleSetting,
  'work/enterprise/dictionary': Dictionary,

  'work/store/staff': Staff,
  'coc/hr/staff': Staff,
  'work/store/userInfo': StaffDetail,
  'coc/hr/userInfo': StaffDetail,
  'adminConfig/userInfo': StaffDetail,

  'coc/config/role': ListingRoles,
  'coc/config/areas': Areas,
  'coc/config/building': BuildingTypes,
  'adminConfig/menu': MenuConfig,

  'work/house/old': ListingList,
  'work/house/old/detail': ListingDetail,
  'work/house/old/edit': ListingEdit,
  'work/house/rental': ListingList,
  'work/house/rental/detail': ListingDetail,
  'work/house/rental/edit': ListingEdit,
  'work/house/community': Communities,
  'work/house/communityDetail': CommunityDetail,
  'work/house/communityEdit': CommunityEdit,
  'adminConfig/aiHelper/knowledge': Knowledge,
  'adminConfig/aiHelper/knowledge/detail': KnowledgeDetail,
  'work/house/new': NewHomes,
  'coc/newHouse': NewHomes,
  'work/newHouse/detail': NewHomeDetail,
  'adminConfig/aiHelper/dialog': Assistants,
  'adminConfig/aiHelper/creation': Assistants,
  'adminConfig/aiHelper/dialog/detail': AssistantDetail,
  'adminConfig/aiHelper/creation/detail': AssistantDetail,
  'adminConfig/aiHelper/log': ChatLog,
  'adminConfig/aiHelper/statistics': ChatStatistics,

  'work/business/dealContract': ContractList,
  'work/business/dealContract/detail': ContractDetail,
  'work/business/dealContract/edit': ContractEdit,
  'work/business/leaseContract': ContractList,
  'work/business/leaseContract/detail': ContractDetail,
  'work/business/leaseContract/edit': ContractEdit,
  'work/business/commission': Commission,
  'work/business/achievement': Achievement,
  'work/crm/customer': Customers,
  'work/crm/clue': CluePool,
  'work/crm/clue/edit': ClueBatch,
  'work/business/newHouse': NewHouseReports,
  'coc/newHouse/report': NewHouseReports,
  'work/business/newHouse/editDeal': NewHouseDealEdit,
  'work/business/newHouse/dealDetail': NewHouseDealDetail,
};

export function pageFor(componentPath: string): LazyPage | undefined {
  return PAGES[componentPath];
}

/**
 * The home a login nearly always opens on (the store and city workspaces'), fetched while the user
 * types: which page is home is known only from the menu. The platform's home, with its audit log,
 * weighs six times more and is fetched once the menu names it.
 */
export function preloadWorkspaceHome(): Promise<void> {
  return WorkspaceHome.preload();
}
