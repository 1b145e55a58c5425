import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { companyHasStoreGroups } from '@core/wasm';
import { Button, Space, Tabs, Tag } from '@arco-design/web-react';
import { IconEdit, IconEye } from '@arco-design/web-react/icon';
import { companyApi } from '../../../api/org/org';
import { useReveal } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { FormModal } from '../../../components/form/FormModal';
import { Permission } from '../../../components/Permission';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { StaffBrief } from './StaffBrief';
import { StoreGroupsPanel } from '../shared/StoreGroupsPanel';
import { StoresPanel } from '../shared/StoresPanel';
import { companyEdit, companyFields, companyFormValues, type CompanyValues } from '../shared/companyForm';

/** Writes on a company's detail page all need the page's 编辑 action. */
const DETAIL_ACTIONS = { add: 'edit', edit: 'edit', delete: 'edit' };

/**
 * 经纪公司 / 独立经纪人 / 合作机构详情 (…/company/brokerageDetail/:id and its two siblings, in
 * /coc and /adminConfig): the company, its store groups, stores and people.
 */
export default function CompanyDetailPage({ route }: PageProps) {
  const id = Number(useParams().id);
  // Through the shared cache: a store added on the 门店 tab refreshes the counts above it.
  // The contact mobile comes masked, as in the list; 查看完整信息 reads it whole (the server
  // records every reveal), and so does the edit form, which must not save the mask back.
  const [unmasked, setUnmasked] = useState(false);
  const { data: company, error, reload: load } = useReveal(() => companyApi.detail(id, unmasked), unmasked, unmasked);
  const [formValues, setFormValues] = useState<Partial<CompanyValues> | undefined>();
  const edit = () =>
    companyApi
      .detail(id, true)
      .then((full) => setFormValues(companyFormValues(full)))
      .catch(() => undefined);

  // What the kind has (core): an independent broker or a partner has no 门店组 to manage.
  const withGroups = company !== undefined && companyHasStoreGroups(company.scope);

  return (
    <DetailPage
      testId="company-detail"
      title={company?.name ?? route.meta.title}
      badges={company && <Tag color="arcoblue">{enumText('organisationScope', company.scope)}</Tag>}
      loading={!company}
      error={error}
      subject={company?.name}
      extra={
        <Permission action="edit">
          <Space>
            <Button icon={<IconEye />} onClick={() => setUnmasked((shown) => !shown)} data-testid="company-unmask">
              {unmasked ? '隐藏敏感信息' : '查看完整信息'}
            </Button>
            <Button type="primary" icon={<IconEdit />} onClick={edit} data-testid="company-edit">
              编辑
            </Button>
          </Space>
        </Permission>
      }
    >
      {company && (
        <>
          <DetailSection
            title="基本信息"
            items={[
              { label: '公司名称', value: company.name },
              { label: '类型', value: enumText('organisationScope', company.scope) },
              { label: '城市站点', value: company.siteName },
              { label: '联系人', value: orDash(company.contactName) },
              { label: '联系电话', value: orDash(company.contactMobile) },
              { label: '状态', value: company.enabled ? '启用' : '停用' },
              { label: '地址', value: orDash(company.address) },
              withGroups
                ? { label: '门店组 / 门店 / 员工', value: `${company.storeGroupCount} / ${company.storeCount} / ${company.staffCount}` }
                : { label: '门店 / 员工', value: `${company.storeCount} / ${company.staffCount}` },
              { label: '创建时间', value: dateTime(company.createdAt) },
            ]}
          />
          <Tabs defaultActiveTab={withGroups ? 'groups' : 'stores'} destroyOnHide type="card-gutter">
            {withGroups && (
              <Tabs.TabPane key="groups" title="门店组">
                <StoreGroupsPanel organisationId={company.id} actions={DETAIL_ACTIONS} />
              </Tabs.TabPane>
            )}
            <Tabs.TabPane key="stores" title="门店">
              <StoresPanel organisationId={company.id} actions={DETAIL_ACTIONS} withGroups={withGroups} />
            </Tabs.TabPane>
            <Tabs.TabPane key="staff" title="员工">
              <StaffBrief route={route} filters={{ organisationId: company.id }} />
            </Tabs.TabPane>
          </Tabs>
          <FormModal<CompanyValues>
            title="编辑公司"
            visible={formValues !== undefined}
            fields={companyFields(true, undefined)}
            initialValues={formValues}
            onSubmit={(values) => companyApi.edit(companyEdit(company.id, values))}
            onClose={() => setFormValues(undefined)}
            onSaved={load}
          />
        </>
      )}
    </DetailPage>
  );
}
