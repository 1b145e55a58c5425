import { Tabs } from '@arco-design/web-react';
import { StoreGroupsPanel } from '../shared/StoreGroupsPanel';
import { StoresPanel } from '../shared/StoresPanel';

/** 门店组 (/work/enterprise/store): the company's store groups and their stores. */
export default function StoresPage() {
  return (
    <Tabs defaultActiveTab="groups" destroyOnHide type="card-gutter" data-testid="stores-tabs">
      <Tabs.TabPane key="groups" title="门店组">
        <StoreGroupsPanel />
      </Tabs.TabPane>
      <Tabs.TabPane key="stores" title="门店">
        <StoresPanel />
      </Tabs.TabPane>
    </Tabs>
  );
}
