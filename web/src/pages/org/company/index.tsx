import { Link } from 'react-router-dom';
import { Message, Tag } from '@arco-design/web-react';
import { isApiFailure, type ApiFailure } from '../../../api/client';
import { citySiteApi, companyApi, type Company, type CompanyFilters } from '../../../api/org/org';
import { enumOptions, enumText } from '../../../components/enums';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useSiteStore } from '../../../stores/site';
import { useUserStore } from '../../../stores/user';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { siteField } from '../shared/siteField';
import { useOptions } from '../shared/useOptions';
import { choosesSite } from '../shared/workspace';
import { companyDetailView } from './companyDetailView';
import { companyEdit, companyFields, companyFormValues, NEW_COMPANY, type CompanyValues } from '../shared/companyForm';

/** 团队列表 / 公司管理 (/coc/company/index, /adminConfig/company): brokerages, independent brokers, partners. */
export default function CompaniesPage({ route }: PageProps) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const withSite = choosesSite(route);
  const { siteId, sites: mySites, choose } = useSiteStore();
  const userId = useUserStore((state) => state.info?.userId);
  // The list shows the city chosen in the header: a company saved into another city would
  // vanish after 保存成功, so switch to its city and say so.
  const follow = (saved: Company | ApiFailure) => {
    if (isApiFailure(saved) || saved.siteId === siteId || userId === undefined) return saved;
    if (mySites.some((site) => site.id === saved.siteId)) {
      choose(String(userId), saved.siteId);
      Message.info(`「${saved.name}」属于${saved.siteName}，已切换到${saved.siteName}`);
    }
    return saved;
  };
  const sites = useOptions(() => (withSite ? citySiteApi.options() : Promise.resolve([])));
  const detailPath = (company: Company) => {
    const view = companyDetailView(company.scope);
    return view ? relatedPath(table, route, view, company.id) : undefined;
  };

  return (
    <CrudListPage<Company, CompanyFilters, CompanyValues>
      testId="company"
      entityName="公司"
      fetchPage={companyApi.list}
      initialFilters={{}}
      filters={[
        { field: 'name', label: '公司名称' },
        { field: 'scope', label: '类型', kind: 'select', options: enumOptions('organisationScope') },
        ...(withSite ? [siteField(sites)] : []),
      ]}
      columns={[
        {
          title: '公司名称',
          dataIndex: 'name',
          render: (name: string, company: Company) => {
            const path = detailPath(company);
            return path ? <Link to={path}>{name}</Link> : name;
          },
        },
        { title: '类型', dataIndex: 'scope', render: (scope: number) => enumText('organisationScope', scope) },
        { title: '城市站点', dataIndex: 'siteName' },
        { title: '联系人', dataIndex: 'contactName', render: orDash },
        { title: '联系电话', dataIndex: 'contactMobile', render: orDash },
        { title: '门店组', dataIndex: 'storeGroupCount', width: 80 },
        { title: '门店', dataIndex: 'storeCount', width: 70 },
        { title: '员工', dataIndex: 'staffCount', width: 70 },
        {
          title: '状态',
          dataIndex: 'enabled',
          render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'gray'}>{enabled ? '启用' : '停用'}</Tag>,
        },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={NEW_COMPANY}
      loadFormValues={(company) => companyApi.detail(company.id, true).then(companyFormValues)}
      formFields={(editing) => companyFields(Boolean(editing), withSite ? sites : undefined)}
      rowActions={(company) => {
        const path = detailPath(company);
        return path ? [{ label: '详情', testId: 'row-detail', onClick: () => nav.push(path) }] : [];
      }}
      onAdd={(values) => companyApi.add(values).then(follow)}
      onEdit={(company, values) => companyApi.edit(companyEdit(company.id, values)).then(follow)}
      onDelete={(company) => companyApi.remove(company.id)}
    />
  );
}
