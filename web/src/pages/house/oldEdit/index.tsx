import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Grid, Message, Space, Spin } from '@arco-design/web-react';
import { houseAreaText, houseFenToWan, houseFenToYuan, houseRoomTakenMessage, type ListingRoleMember } from '@core/wasm';
import { isApiFailure } from '../../../api/client';
import { dictionaryApi, type ListingAdd, type ListingDetail, type PartOption, type RoleChoices } from '../../../api/house/oldHouse';
import { DetailError } from '../../../components/detail/DetailPage';
import { coreFields, formErrors } from '../../../components/form/coreForm';
import { DraftNotice, Restartable } from '../../../components/form/DraftNotice';
import { closeAsking } from '../../../components/form/FormModal';
import { hasTyped, useFormDraft } from '../../../components/form/useFormDraft';
import { clearDependents, FormField, type FieldSpec } from '../../../components/form/fields';
import { placeFailure, validated } from '../../../components/form/placeFailure';
import { relatedPath } from '../../../router/related';
import { useNav, useRouteQuery } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useTabsStore } from '../../../stores/tabs';
import type { PageProps } from '../../registry';
import { tradeOf, type Trade } from '../shared/listing';
import { PhotoManager } from '../shared/ListingPhotos';
import { ListingRolesField, roleMembersError, startingMembers } from '../shared/ListingRoles';
import { addRoom, COLUMN, PartAdder, PartHint, pickerFault, RoomPicker, type Picked } from '../shared/RoomPicker';
import { ViewingSlotPicker } from '../shared/ViewingSlots';

type Values = Omit<ListingAdd, 'roles'>;

/** A new listing has no photos yet: they are added once it is saved, from its 编辑. */
const PHOTOS_AFTER_SAVE = '图片在房源保存后上传：保存后在房源详情点「编辑」即可添加图片';

/** What an unsaved listing form keeps: its fields, the room's place (a new one), the role holders. */
interface Draft {
  values: Partial<Values>;
  picked?: Picked;
  members?: ListingRoleMember[];
}

/** A draft worth taking up: a place chosen or something typed beyond the form's starting values. */
const wholeDraft = (found: Draft) => {
  if (!found.values || typeof found.values !== 'object') return false;
  const { halls: _halls, baths: _baths, ...typed } = found.values;
  return Boolean(found.picked?.communityId) || hasTyped(typed);
};

/** 录入房源 from a community's room: its place, as the room list's action sends it. */
function placeOf(query: Record<string, string>): { picked: Picked; roomId?: number } | undefined {
  const id = (name: string) => (query[name] ? Number(query[name]) || undefined : undefined);
  const communityId = id('community');
  if (!communityId) return undefined;
  return {
    picked: { communityId, communityName: query.communityName, buildingId: id('building'), unitId: id('unit') },
    roomId: id('room'),
  };
}

// Three fields a row on a wide window, two on a medium one (800 px), one on a narrow one, as the
// other record forms (COLUMN); a text area goes across. The room picker's boxes share the row.
const ACROSS = { span: 24 };

/** A room of the unit as the 房号 select offers it: one with a listing of the company on the
 *  market is shown, naming that listing, and cannot be chosen (重盘). */
const roomOptions = (rooms: PartOption[]) =>
  rooms.map((room) => ({
    label: room.onMarket
      ? `${room.name}（${room.onMarket}·房源编号${room.listingId ?? ''}${room.listingKeeper ? `·${room.listingKeeper}` : ''}）`
      : room.name,
    value: room.id,
    disabled: Boolean(room.onMarket),
  }));

/** A new listing's form before anything is typed. The form mounts once a stored listing is read,
 *  and Arco applies `initialValues` at mount over values set before it: a stored listing's must
 *  be among them, or its 厅/卫, tags and 看房时间 would read as these. */
const START: Partial<Values> = { tags: [], facilities: [], viewingSlots: [], halls: 1, baths: 1 };

/** A stored listing as the form shows it again: 万 (or 元 of rent) and ㎡ as typed, the phones
 *  without spaces, and an empty choice as none (its box shows its placeholder). A phone the
 *  caller sees masked stays masked: saved untouched, the server keeps the number on file; the
 *  whole number is only ever the detail page's 查看, which is on record. */
function formValues(listing: ListingDetail, trade: Trade): Partial<Values> {
  const bare = (phone: string) => phone.replace(/\s/g, '');
  const chosen = <T,>(value: T | null | undefined): T | undefined => value ?? undefined;
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
          rentType: chosen(listing.rentType),
          paymentTerms: chosen(listing.paymentTerms),
          availableFrom: listing.availableFrom ?? undefined,
          facilities: listing.facilities,
        }),
    propertyTerm: chosen(listing.propertyTerm),
    buildingType: chosen(listing.buildingType),
    buildingStructure: chosen(listing.buildingStructure),
    heating: chosen(listing.heating),
    water: chosen(listing.water),
    electricity: chosen(listing.electricity),
    tags: listing.tags,
    viewingSlots: listing.viewingSlots,
    description: listing.description,
    ownerName: listing.ownerName,
    ownerPhone: bare(listing.ownerPhone),
    ownerPhone2: bare(listing.ownerPhone2),
  };
}

/**
 * 编辑二手房 (/work/house/old/edit/:id) and 编辑租房 (/work/house/rental/edit/:id); `new` enters
 * one (新增二手房, the list's button titles its tab so), in a place already chosen when it comes
 * from a community's room: core's form of the trade. What is typed stays in the tab until saved,
 * cancelled or given up (放弃草稿).
 */
export default function ListingEditPage(props: PageProps) {
  return <Restartable>{(restart) => <ListingEdit {...props} restart={restart} />}</Restartable>;
}

function ListingEdit({ route, restart }: PageProps & { restart: () => void }) {
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
  const query = useRouteQuery();
  const [place] = useState(() => (isNew ? placeOf(query) : undefined));
  // A form entered from a room keeps its own draft: another room's 录入 starts where it says.
  const draft = useFormDraft<Draft>(place?.roomId ? `${pathname}?room=${place.roomId}` : pathname, wholeDraft);
  const restored = draft.restored;
  const [picked, setPicked] = useState<Picked>(() => restored?.picked ?? place?.picked ?? {});
  // The room to choose once the unit's rooms arrive (a draft's, or the one 录入 came from).
  const startRoom = useRef(restored?.values.roomId ?? place?.roomId);
  const [attempted, setAttempted] = useState(false);
  const [addingRoom, setAddingRoom] = useState(false);
  const [listing, setListing] = useState<ListingDetail | undefined>();
  const [roleChoices, setRoleChoices] = useState<RoleChoices | undefined>();
  const [members, setMembers] = useState<ListingRoleMember[]>([]);
  const [rolesError, setRolesError] = useState<string | undefined>();
  // Why this listing's form is not shown: it did not load, or the caller may not edit it.
  const [refusal, setRefusal] = useState<Error | undefined>();

  useEffect(() => {
    if (isNew) {
      // 录入 and 维护 start with the person entering it.
      void trade.api
        .roleChoices()
        .then((choices) => {
          setRoleChoices(choices);
          setMembers(startingMembers(choices, restored?.members));
        })
        .catch(() => undefined);
      return;
    }
    void trade.api
      .detail(id)
      .then(async (found) => {
        if (!found.mayEdit) {
          // As the server would refuse the save, in core's words.
          setRefusal(new Error(`无法编辑该${trade.name}：${found.editRefusal ?? ''}`));
          return;
        }
        setListing(found);
        const held = restored?.members ?? found.roles.map(({ roleId, userId }) => ({ roleId, userId }));
        setMembers(held);
        // What is on file, then what was typed over it and not saved.
        form.setFieldsValue({ ...formValues(found, trade), ...restored?.values });
        const choices = await trade.api.roleChoices(id);
        setRoleChoices(choices);
        setMembers(startingMembers(choices, held));
      })
      .catch((error: unknown) => setRefusal(error instanceof Error ? error : new Error(String(error))));
  }, [id, isNew, form, trade, restored]);

  // Something typed, picked or brought back from a draft: 取消 asks before it is thrown away.
  const changed = useRef(Boolean(restored));
  /** Keeps the form as it stands, with the place and role holders just set when given. */
  const keepDraft = (next: Omit<Draft, 'values'> = {}) => {
    changed.current = true;
    draft.keep({ values: form.getFieldsValue(), picked: isNew ? picked : undefined, members, ...next });
  };
  const changePicked = (next: Picked) => {
    setPicked(next);
    keepDraft({ picked: next });
  };

  const roomHint = picked.unitId ? (
    <PartHint
      testId="room-hint"
      missing={rooms.length === 0 ? '该单元还没有房号' : undefined}
      add={{ label: '新增房号', onClick: () => setAddingRoom(true) }}
    />
  ) : undefined;
  // A phone shown masked comes back as shown and stays as on file; a new one is typed whole.
  const masked = listing !== undefined && listing.phoneAccess !== 'full';
  const phoneHint = masked ? { extra: '号码已隐藏：不修改即保留原号码，修改请输入完整号码' } : {};
  const fields: FieldSpec[] = isNew
    ? coreFields(trade.forms[0], {
        roomId: {
          options: roomOptions(rooms),
          placeholder: picked.unitId ? '请选择房号' : '请先选择小区、楼栋和单元',
          extra: roomHint,
        },
      })
    : coreFields(trade.forms[1], { ownerPhone: phoneHint, ownerPhone2: phoneHint });

  /** Picks a room of the unit, with the floor the dictionary gives it. */
  const pickRoom = (room: PartOption) => {
    form.setFieldValue('roomId', room.id);
    if (room.floor !== undefined && room.floor !== null) form.setFieldValue('floor', room.floor);
  };

  const changeMembers = (next: ListingRoleMember[]) => {
    setMembers(next);
    setRolesError(roleMembersError(next));
    keepDraft({ members: next });
  };

  const save = async () => {
    const missing = isNew ? pickerFault(picked) : undefined;
    if (missing) {
      // The room's place comes first: its boxes turn red, the form's own faults show beside.
      setAttempted(true);
      await form.validate().catch(() => undefined);
      Message.error(missing);
      return;
    }
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
      draft.drop();
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

  /** Leaves the form unsaved: an edit goes back to its listing's detail (also when the form was
   *  opened directly, with nothing behind it), a new listing to where it came from. */
  const cancel = () => {
    draft.drop();
    const detail = isNew ? undefined : relatedPath(table, route, `${trade.family}/detail`, id);
    if (!detail) {
      window.history.back();
      return;
    }
    nav.replace(detail);
    closeTab(pathname);
  };

  if (refusal) {
    const detailPath = isNew ? undefined : relatedPath(table, route, `${trade.family}/detail`, id);
    return (
      <DetailError
        error={refusal}
        extra={
          detailPath && (
            <Button onClick={() => nav.push(detailPath)} data-testid="detail-error-detail">
              查看详情
            </Button>
          )
        }
      />
    );
  }
  if (!isNew && !listing) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <Card
      title={isNew ? `新增${trade.name}` : `编辑${trade.name} · ${listing?.communityName ?? ''} ${listing?.roomLabel ?? ''}`}
      bordered={false}
      data-testid={`${trade.family}-house-edit-form`}
    >
      <DraftNotice
        shown={draft.noticed}
        onDiscard={() => {
          draft.drop();
          restart();
        }}
      />
      <Form
        form={form}
        id={`${trade.family}-house`}
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 16 }}
        autoComplete="off"
        initialValues={{ ...START, ...(listing ? formValues(listing, trade) : {}), ...restored?.values }}
        onChange={(changed, values) => {
          clearDependents(form, fields, changed, values);
          // The floor is the chosen room's, as the dictionary has it (both trades).
          if ('roomId' in changed) {
            const floor = rooms.find((room) => room.id === changed.roomId)?.floor;
            if (floor !== undefined && floor !== null) form.setFieldValue('floor', floor);
          }
          keepDraft();
        }}
      >
        <Grid.Row gutter={16}>
          {isNew && (
            <RoomPicker
              picked={picked}
              onPicked={changePicked}
              attempted={attempted}
              trade={trade.code}
              onRooms={(found) => {
                setRooms(found);
                // A place brought back chooses its room once; a unit picked afresh has none yet.
                const wanted = found.find((r) => r.id === startRoom.current);
                const room = wanted?.onMarket ? undefined : wanted;
                startRoom.current = undefined;
                form.setFieldValue('roomId', room?.id);
                // 录入 from a room already on the market (重盘): say so where the room is chosen.
                if (wanted?.onMarket) {
                  placeFailure(form, fields, [
                    {
                      field: 'roomId',
                      message: houseRoomTakenMessage(
                        wanted.label || wanted.name,
                        wanted.listingId ?? 0,
                        wanted.listingKeeper ?? '',
                        trade.code,
                      ),
                    },
                  ]);
                }
                if (room?.floor != null && !restored) form.setFieldValue('floor', room.floor);
              }}
              onFloors={(floors) => floors && form.setFieldValue('totalFloors', floors)}
            />
          )}
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
      {/* Photos belong to a saved listing: above the form's buttons, saying so before the first save. */}
      <Card title="房源图片" bordered={false} style={{ marginBottom: 16 }} bodyStyle={{ padding: 0 }} data-testid="listing-photos-section">
        {listing ? <PhotoManager trade={trade} listingId={listing.id} /> : <Alert type="info" content={PHOTOS_AFTER_SAVE} />}
      </Card>
      <Space>
        <Button onClick={() => closeAsking(changed.current, cancel)} data-testid="form-cancel">
          取消
        </Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="form-submit">
          保存
        </Button>
      </Space>
      {isNew && (
        <PartAdder<{ name: string; floor?: number }>
          kind="room"
          title="新增房号"
          visible={addingRoom}
          onClose={() => setAddingRoom(false)}
          onSubmit={async (values) => {
            const unitId = picked.unitId ?? 0;
            const made = await addRoom(unitId, values);
            if (!isApiFailure(made)) {
              const found = await dictionaryApi.rooms(unitId, trade.code);
              setRooms(found);
              pickRoom(made);
            }
            return made;
          }}
        />
      )}
    </Card>
  );
}
