import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Form, Grid, Message, Space, Spin } from '@arco-design/web-react';
import { communityApi, type CommunityAdd, type CommunityDetail } from '../../../api/house/community';
import { isApiFailure } from '../../../api/client';
import { useRead } from '../../../api/useRead';
import { DetailError } from '../../../components/detail/DetailPage';
import { coreFields } from '../../../components/form/coreForm';
import { DraftNotice, Restartable } from '../../../components/form/DraftNotice';
import { clearDependents, FormField } from '../../../components/form/fields';
import { placeFailure, validated } from '../../../components/form/placeFailure';
import { hasTyped, useFormDraft } from '../../../components/form/useFormDraft';
import { relatedPath } from '../../../router/related';
import { useNav, useRouteQuery } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useTabsStore } from '../../../stores/tabs';
import type { PageProps } from '../../registry';
import { useOptions } from '../../org/shared/useOptions';
import { circleOptions, districtOptions, hundredths } from '../shared/communityFormat';

type Values = Omit<CommunityAdd, 'siteId'>;

/** The form's values of a stored community: numbers back as the text they were typed as. */
function formValues(community: CommunityDetail): Partial<Values> {
  return {
    name: community.name,
    aliases: community.aliases.join('，'),
    districtId: community.districtId,
    businessCircleId: community.businessCircleId ?? undefined,
    address: community.address,
    propertyType: community.propertyType,
    buildYear: community.buildYear ?? undefined,
    developer: community.developer,
    propertyCompany: community.propertyCompany,
    propertyFee: hundredths(community.propertyFee),
    plotRatio: hundredths(community.plotRatio),
    greenRatio: hundredths(community.greenRatio),
    lng: community.lng === null || community.lng === undefined ? '' : String(community.lng),
    lat: community.lat === null || community.lat === undefined ? '' : String(community.lat),
    offerStatus: community.offerStatus,
  };
}

// Two columns from a medium window up: there a column is narrow, and its label takes more of it
// so the longest (物业费(元/㎡·月)) stays on one line.
const LABEL = { xs: 7, md: 10, xl: 8, xxl: 7 };
const BOX = { xs: 16, md: 14, xl: 16, xxl: 16 };

const NEW_COMMUNITY: Partial<Values> = { propertyType: 1, offerStatus: 1 };

interface Draft {
  values: Partial<Values>;
}

/** A draft worth taking up: something typed beyond a new community's starting choices. */
const typedDraft = (found: Draft) => {
  if (!found.values || typeof found.values !== 'object') return false;
  const { propertyType: _type, offerStatus: _status, ...typed } = found.values;
  return hasTyped(typed);
};

/**
 * 编辑小区 (/work/house/communityEdit, `?id=` for an existing one): the dictionary's form from core.
 * What is typed and not saved is kept in the tab as the listing forms keep theirs (F5, another tab).
 */
export default function CommunityEditPage(props: PageProps) {
  return <Restartable>{(restart) => <CommunityEdit {...props} restart={restart} />}</Restartable>;
}

function CommunityEdit({ route, restart }: PageProps & { restart: () => void }) {
  const nav = useNav();
  const { pathname } = useLocation();
  const closeTab = useTabsStore((state) => state.close);
  const table = useMenuStore((state) => state.routeTable);
  const id = Number(useRouteQuery().id) || undefined;
  // Each community's edit keeps its own draft, and 新增小区 one of its own.
  const draft = useFormDraft<Draft>(id ? `${pathname}?id=${id}` : pathname, typedDraft);
  const restored = draft.restored;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const districts = useOptions(communityApi.areas);
  const stored = useRead(() => (id ? communityApi.detail(id) : Promise.resolve(null)), id);

  const fields = useMemo(
    () =>
      coreFields(id ? 'communityEdit' : 'community', {
        siteId: false,
        districtId: { options: districtOptions(districts) },
        // Only the chosen 区域's circles: none until one is chosen.
        businessCircleId: {
          optionsFor: (values) => (values.districtId ? circleOptions(districts, values.districtId) : []),
          dependsOn: ['districtId'],
          placeholder: '请先选择区域',
        },
      }),
    [id, districts],
  );

  const loaded = id ? stored.data : null;
  useEffect(() => {
    form.resetFields();
    // What is on file, then what was typed over it and not saved.
    form.setFieldsValue({ ...(loaded ? formValues(loaded) : NEW_COMMUNITY), ...restored?.values });
  }, [form, loaded, restored]);

  const submit = async () => {
    // An empty or wrong field: its message beside it, the page at it and a toast, never silence.
    const values = await validated(form, fields);
    if (!values) return;
    setSaving(true);
    try {
      const result = id ? await communityApi.edit({ ...values, id }) : await communityApi.add(values);
      if (isApiFailure(result)) {
        placeFailure(form, fields, result);
        return;
      }
      draft.drop();
      Message.success('保存成功');
      const detail = relatedPath(table, route, 'communityDetail', result.id);
      if (detail) {
        nav.replace(detail);
        // The community's detail takes this form's place: no stale 新增/编辑 tab is left beside it.
        closeTab(pathname);
      }
    } catch {
      // The request client has already shown what went wrong.
    } finally {
      setSaving(false);
    }
  };

  if (id && stored.error) return <DetailError error={stored.error} />;
  if (id && !stored.data) {
    return (
      <div className="page-loading">
        <Spin size={28} />
      </div>
    );
  }
  return (
    <div className="page-card" data-testid="community-edit-page">
      <DraftNotice
        shown={draft.noticed}
        onDiscard={() => {
          draft.drop();
          restart();
        }}
      />
      <Form
        id="community-form"
        data-testid="community-form"
        form={form}
        layout="horizontal"
        labelCol={LABEL}
        wrapperCol={BOX}
        autoComplete="off"
        onChange={(changed, values) => {
          clearDependents(form, fields, changed, values);
          draft.keep({ values: form.getFieldsValue() });
        }}
      >
        <Grid.Row gutter={16}>
          {fields.map((spec) => (
            <Grid.Col key={spec.field} xs={24} md={12}>
              <FormField spec={spec} />
            </Grid.Col>
          ))}
        </Grid.Row>
        <Space style={{ marginLeft: 120 }}>
          <Button type="primary" loading={saving} onClick={submit} data-testid="form-submit">
            保存
          </Button>
          <Button
            onClick={() => {
              draft.drop();
              window.history.back();
            }}
            data-testid="form-cancel"
          >
            取消
          </Button>
        </Space>
      </Form>
    </div>
  );
}
