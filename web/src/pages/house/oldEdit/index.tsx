import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Button, Card, Form, Grid, Message, Select, Space, Spin } from '@arco-design/web-react';
import { houseAreaText, houseFenToWan, houseFenToYuan, type ListingRoleMember } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import {
  dictionaryApi,
  type CommunitySuggestion,
  type ListingAdd,
  type ListingDetail,
  type PartOption,
  type RoleChoices,
} from '../../../api/house/oldHouse';
import { coreFields, formErrors } from '../../../components/form/coreForm';
import { clearDependents, FormField, type FieldSpec } from '../../../components/form/fields';
import { placeFailure, validated } from '../../../components/form/placeFailure';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useTabsStore } from '../../../stores/tabs';
import type { PageProps } from '../../registry';
import { tradeOf, type Trade } from '../shared/listing';
import { PhotoManager } from '../shared/ListingPhotos';
import { ListingRolesField, roleMembersError, startingMembers } from '../shared/ListingRoles';
import { ViewingSlotPicker } from '../shared/ViewingSlots';

type Values = Omit<ListingAdd, 'roles'>;

// Three fields a row on a wide window, two on a medium one (800 px), one on a narrow one, as the
// other record forms; a text area goes across. The room picker's boxes line up with them.
const COLUMN = { xs: 24, md: 12, lg: 8 };
const ACROSS = { span: 24 };
// The picker sits outside the form: its labels take the form's columns to line up with it.
const PICKER_ITEM = { labelCol: { span: 8 }, wrapperCol: { span: 16 } };

const toOptions = (parts: PartOption[]) => parts.map((part) => ({ label: part.name, value: part.id }));

/** A stored listing as the form shows it again: 万 (or 元 of rent) and ㎡ as typed, the phones
 *  without spaces. */
async function formValues(listing: ListingDetail, trade: Trade): Promise<Partial<Values>> {
  // Someone editing an owner they see masked (a manager) asks for the number whole, on file.
  const phones =
    listing.phoneAccess === 'reveal'
      ? await trade.api.revealPhone(listing.id)
      : { ownerPhone: listing.ownerPhone, ownerPhone2: listing.ownerPhone2 };
  const bare = (phone: string) => phone.replace(/\s/g, '');
  return {
    area: houseAreaText(listing.area),
    rooms: listing.rooms,
    halls: listing.halls,
    baths: listing.baths,
    totalFloors: listing.totalFloors,
    floor: listing.floor,
    orientation: listing.orientation,
    decoration: listing.decoration,
    ...(trade.code === 1
      ? { price: houseFenToWan(listing.price) }
      : {
          rent: houseFenToYuan(listing.price),
          rentType: listing.rentType,
          paymentTerms: listing.paymentTerms,
          availableFrom: listing.availableFrom ?? undefined,
          facilities: listing.facilities,
        }),
    propertyTerm: listing.propertyTerm,
    buildingType: listing.buildingType,
    buildingStructure: listing.buildingStructure,
    heating: listing.heating,
    water: listing.water,
    electricity: listing.electricity,
    tags: listing.tags,
    viewingSlots: listing.viewingSlots,
    description: listing.description,
    ownerName: listing.ownerName,
    ownerPhone: bare(phones.ownerPhone),
    ownerPhone2: bare(phones.ownerPhone2),
  };
}

/** The room picker of a new listing: a community found by name, pinyin or initials, then its
 *  building, unit and room from the dictionary. */
function RoomPicker({ onRooms, onFloors }: { onRooms: (rooms: PartOption[]) => void; onFloors: (floors?: number) => void }) {
  const [suggestions, setSuggestions] = useState<CommunitySuggestion[]>([]);
  const [buildings, setBuildings] = useState<PartOption[]>([]);
  const [units, setUnits] = useState<PartOption[]>([]);
  const [building, setBuilding] = useState<number | undefined>();
  const [unit, setUnit] = useState<number | undefined>();
  return (
    <Grid.Row gutter={16}>
      <Grid.Col {...COLUMN}>
        <Form.Item label="小区" required {...PICKER_ITEM}>
          <Select
            showSearch
            filterOption={false}
            placeholder="输入小区名称、拼音或首字母"
            onSearch={(text) => void dictionaryApi.suggest(text).then(setSuggestions)}
            onChange={(communityId: number) => {
              setBuilding(undefined);
              setUnit(undefined);
              setUnits([]);
              onRooms([]);
              void dictionaryApi.buildings(communityId).then(setBuildings);
            }}
            options={suggestions.map((s) => ({
              label: s.alias ? `${s.name}（${s.alias}）· ${s.districtName}` : `${s.name} · ${s.districtName}`,
              value: s.id,
            }))}
            data-testid="pick-community"
          />
        </Form.Item>
      </Grid.Col>
      <Grid.Col {...COLUMN}>
        <Form.Item label="楼栋" required {...PICKER_ITEM}>
          <Select
            value={building}
            options={toOptions(buildings)}
            placeholder="请选择楼栋"
            onChange={(id: number) => {
              setBuilding(id);
              setUnit(undefined);
              onRooms([]);
              onFloors(buildings.find((b) => b.id === id)?.floors ?? undefined);
              void dictionaryApi.units(id).then(setUnits);
            }}
            data-testid="pick-building"
          />
        </Form.Item>
      </Grid.Col>
      <Grid.Col {...COLUMN}>
        <Form.Item label="单元" required {...PICKER_ITEM}>
          <Select
            value={unit}
            options={toOptions(units)}
            placeholder="请选择单元"
            onChange={(id: number) => {
              setUnit(id);
              void dictionaryApi.rooms(id).then(onRooms);
            }}
            data-testid="pick-unit"
          />
        </Form.Item>
      </Grid.Col>
    </Grid.Row>
  );
}

/**
 * 编辑二手房 (/work/house/old/edit/:id) and 编辑租房 (/work/house/rental/edit/:id); `new` enters
 * one (新增二手房, the list's button titles its tab so): core's form of the trade.
 */
export default function ListingEdit({ route }: PageProps) {
  const trade = tradeOf(route);
  const param = useParams().id ?? 'new';
  const isNew = param === 'new';
  const id = Number(param);
  const nav = useNav();
  const { pathname } = useLocation();
  const closeTab = useTabsStore((state) => state.close);
  const table = useMenuStore((state) => state.routeTable);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [rooms, setRooms] = useState<PartOption[]>([]);
  const [listing, setListing] = useState<ListingDetail | undefined>();
  const [roleChoices, setRoleChoices] = useState<RoleChoices | undefined>();
  const [members, setMembers] = useState<ListingRoleMember[]>([]);
  const [rolesError, setRolesError] = useState<string | undefined>();

  useEffect(() => {
    if (isNew) {
      // 录入 and 维护 start with the person entering it.
      void trade.api
        .roleChoices()
        .then((choices) => {
          setRoleChoices(choices);
          setMembers(startingMembers(choices));
        })
        .catch(() => undefined);
      return;
    }
    void trade.api
      .detail(id)
      .then(async (found) => {
        setListing(found);
        const held = found.roles.map(({ roleId, userId }) => ({ roleId, userId }));
        setMembers(held);
        form.setFieldsValue(await formValues(found, trade));
        const choices = await trade.api.roleChoices(id);
        setRoleChoices(choices);
        setMembers(startingMembers(choices, held));
      })
      .catch(() => undefined);
  }, [id, isNew, form, trade]);

  const fields: FieldSpec[] = isNew
    ? coreFields(trade.forms[0], { roomId: { options: toOptions(rooms), placeholder: '请先选择小区、楼栋和单元' } })
    : coreFields(trade.forms[1]);

  const changeMembers = (next: ListingRoleMember[]) => {
    setMembers(next);
    setRolesError(roleMembersError(next));
  };

  const save = async () => {
    const values = await validated(form, fields);
    const refused = roleMembersError(members);
    setRolesError(refused);
    if (!values || refused) return;
    setSaving(true);
    try {
      const result = isNew ? await trade.api.add({ ...values, roles: members }) : await trade.api.edit({ ...values, id, roles: members });
      if (isApiFailure(result)) {
        const onRoles = result.errors?.roles?.[0];
        if (onRoles) setRolesError(onRoles);
        else placeFailure(form, fields, result);
        return;
      }
      Message.success(isNew ? '房源已录入' : '房源已保存');
      const detail = relatedPath(table, route, `${trade.family}/detail`, result.id);
      if (detail) {
        nav.replace(detail);
        // The listing's detail takes this form's place: no stale 新增/编辑 tab is left beside it.
        closeTab(pathname);
      }
    } catch {
      // the request client has shown what went wrong
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && !listing) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <Card
      title={isNew ? `新增${trade.name}` : `编辑${trade.name} · ${listing?.communityName ?? ''} ${listing?.roomLabel ?? ''}`}
      bordered={false}
      data-testid={`${trade.family}-house-edit-form`}
    >
      {isNew && (
        <RoomPicker
          onRooms={(found) => {
            setRooms(found);
            form.setFieldValue('roomId', undefined);
          }}
          onFloors={(floors) => floors && form.setFieldValue('totalFloors', floors)}
        />
      )}
      <Form
        form={form}
        id={`${trade.family}-house`}
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 16 }}
        autoComplete="off"
        initialValues={{ tags: [], facilities: [], viewingSlots: [], halls: 1, baths: 1 }}
        onChange={(changed, values) => {
          clearDependents(form, fields, changed, values);
          // The floor is the chosen room's, as the dictionary has it (both trades).
          if ('roomId' in changed) {
            const floor = rooms.find((room) => room.id === changed.roomId)?.floor;
            if (floor !== undefined && floor !== null) form.setFieldValue('floor', floor);
          }
        }}
      >
        <Grid.Row gutter={16}>
          {fields.map((spec) =>
            spec.field === 'viewingSlots' ? (
              <Grid.Col key={spec.field} span={24}>
                <Form.Item
                  label={spec.label}
                  field={spec.field}
                  rules={[
                    {
                      validator: (value: unknown, callback: (message?: string) => void) =>
                        callback(formErrors(isNew ? trade.forms[0] : trade.forms[1], { ...form.getFieldsValue(), viewingSlots: value })[spec.field]),
                    },
                  ]}
                >
                  <ViewingSlotPicker />
                </Form.Item>
              </Grid.Col>
            ) : (
              <Grid.Col key={spec.field} {...(spec.kind === 'textarea' ? ACROSS : COLUMN)}>
                <FormField spec={spec} />
              </Grid.Col>
            ),
          )}
        </Grid.Row>
        {roleChoices && (
          <Card title="房源角色" bordered={false} bodyStyle={{ padding: 0 }} headerStyle={{ padding: 0 }} data-testid="listing-roles">
            <ListingRolesField choices={roleChoices} value={members} onChange={changeMembers} error={rolesError} />
          </Card>
        )}
      </Form>
      <Space>
        <Button onClick={() => window.history.back()}>取消</Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="form-submit">
          保存
        </Button>
      </Space>
      {listing && (
        <Card title="房源图片" bordered={false} style={{ marginTop: 16 }} bodyStyle={{ padding: 0 }}>
          <PhotoManager trade={trade} listingId={listing.id} />
        </Card>
      )}
    </Card>
  );
}
