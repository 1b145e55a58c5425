import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Dropdown, Menu, Message, Space, Tag, Typography } from '@arco-design/web-react';
import { IconEdit, IconPlus } from '@arco-design/web-react/icon';
import {
  buildingApi,
  communityApi,
  roomApi,
  unitApi,
  type BuildingTree,
  type Room,
  type UnitTree,
} from '../../../api/house/community';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { Empty } from '../../../components/Empty';
import { enumText } from '../../../components/enums';
import { confirmDelete } from '../../../components/form/confirmAction';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { LocationMap } from '../../../components/map/LocationMap';
import { RowActions } from '../../../components/list/RowActions';
import { Permission, useGuardedClick, usePermission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../../org/shared/format';
import { greenRatio, hundredths, placeOf, propertyFee } from '../shared/communityFormat';
import './communityDetail.css';

/** What the parts dialog is adding or changing: a building of the community, a unit, a room. */
type Dialog =
  | { kind: 'building'; editing?: BuildingTree }
  | { kind: 'unit'; buildingId: number; editing?: UnitTree }
  | { kind: 'room'; unitId: number; editing?: Room };

interface PartValues {
  name: string;
  floors?: number;
  floor?: number;
  sort?: number;
}

const PART_NAMES = { building: '栋座', unit: '单元', room: '房号' } as const;

/** The dialog's values: the part being edited, or none for a new one (the server places a new
 *  part with no 排序 after its siblings). */
function initialValuesOf(dialog: Dialog | undefined): Partial<PartValues> {
  if (!dialog?.editing) return {};
  const editing = dialog.editing;
  return {
    name: editing.name,
    ...('floors' in editing ? { floors: editing.floors ?? undefined } : {}),
    ...('floor' in editing ? { floor: editing.floor ?? undefined } : {}),
    ...('sort' in editing ? { sort: editing.sort } : {}),
  };
}

/** The trade code of a sale (core `Trade::Sale`), as a room's `listingTrade` says it. */
const SALE = 1;

/** A unit's rooms as tags. A tag opens its menu: 录入房源 (the second-hand entry form in this
 *  room, for whoever may enter listings) and, with 编辑, 编辑房号; its × removes it. A room the
 *  company already has 在售 says so on its tag and offers 查看房源 (when the caller reads that
 *  listing) instead of 录入房源: entering it again would be 重盘. A room 在租 says so too and keeps
 *  录入房源; neither has a × (the server keeps a room a listing stands on). */
function UnitRooms({ unit, editable, onEnter, onView, onEdit, onRemove }: {
  unit: UnitTree;
  editable: boolean;
  onEnter?: (room: Room) => void;
  onView?: (room: Room) => void;
  onEdit: (room: Room) => void;
  onRemove: (room: Room) => void;
}) {
  if (unit.rooms.length === 0) return <Typography.Text type="secondary">暂无房号</Typography.Text>;
  // 录入房源 enters a sale: a room 在租 still takes one, a room 在售 would be 重盘.
  const enters = (room: Room) => room.listingTrade !== SALE && onEnter !== undefined;
  const views = (room: Room) => Boolean(room.onMarket && room.listingKeeper) && onView !== undefined;
  const actionable = (room: Room) => editable || enters(room) || views(room);
  const tag = (room: Room) => (
    <Tag
      key={room.id}
      // A room on the market cannot go; and the tag stays until the server agrees (visible is
      // controlled), so a refused delete does not hide a room that is still there.
      closable={editable && !room.onMarket}
      visible
      color={room.onMarket ? (room.listingTrade === SALE ? 'orangered' : 'arcoblue') : undefined}
      onClose={(event) => {
        event?.stopPropagation();
        onRemove(room);
      }}
      className={actionable(room) ? 'community-room community-room--editable' : 'community-room'}
      data-testid="community-room"
      data-on-market={room.onMarket || undefined}
    >
      {room.name}
      {room.floor !== null && room.floor !== undefined && <span className="community-room__floor">{room.floor}层</span>}
      {room.onMarket && <span className="community-room__market">{room.onMarket}</span>}
    </Tag>
  );
  const choose = (room: Room) => (key: string) => {
    if (key === 'enter') onEnter?.(room);
    else if (key === 'view') onView?.(room);
    else onEdit(room);
  };
  return (
    <Space size={6} wrap>
      {unit.rooms.map((room) =>
        actionable(room) ? (
          <Dropdown
            key={room.id}
            trigger="click"
            position="bl"
            droplist={
              <Menu onClickMenuItem={choose(room)} data-testid="community-room-menu">
                {enters(room) && (
                  <Menu.Item key="enter" data-testid="room-enter-listing">
                    录入房源
                  </Menu.Item>
                )}
                {views(room) && (
                  <Menu.Item key="view" data-testid="room-view-listing">
                    查看房源
                  </Menu.Item>
                )}
                {editable && (
                  <Menu.Item key="edit" data-testid="room-edit">
                    编辑房号
                  </Menu.Item>
                )}
              </Menu>
            }
          >
            {tag(room)}
          </Dropdown>
        ) : (
          tag(room)
        ),
      )}
    </Space>
  );
}

/** 小区详情 (/work/house/communityDetail/:id): the community, then its buildings → units → rooms. */
export default function CommunityDetailPage({ route }: PageProps) {
  const id = Number(useParams().id);
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const editable = usePermission()('edit');
  // Where the directive keeps the room's × and 编辑房号 for someone without 编辑 (local hosts,
  // spec §6), their click says 无权限执行该操作 as the other buttons do, instead of asking first.
  const guarded = useGuardedClick();
  // 录入房源 from a room: the second-hand entry form, for whoever may add second-hand listings.
  const mayEnter = usePermission('/work/house/old')('add');
  const entryPath = relatedPath(table, route, 'old/edit', 'new');
  // 查看房源 from a room 在售: the listing's detail, when the caller reads it and has the page.
  const mayView = relatedPath(table, route, 'old/detail') !== undefined;
  const read = useRead(() => communityApi.detail(id), id);
  const community = read.data;
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const editPath = relatedPath(table, route, 'communityEdit');
  const initialValues = useMemo(() => initialValuesOf(dialog), [dialog]);

  const save = (values: PartValues) => {
    if (!dialog) return Promise.resolve();
    const sort = values.sort;
    switch (dialog.kind) {
      case 'building': {
        const form = { name: values.name, floors: values.floors, sort };
        return dialog.editing ? buildingApi.edit({ id: dialog.editing.id, ...form }) : buildingApi.add({ communityId: id, ...form });
      }
      case 'unit': {
        const form = { name: values.name, sort };
        return dialog.editing ? unitApi.edit({ id: dialog.editing.id, ...form }) : unitApi.add({ buildingId: dialog.buildingId, ...form });
      }
      case 'room': {
        const form = { name: values.name, floor: values.floor };
        return dialog.editing ? roomApi.edit({ id: dialog.editing.id, ...form }) : roomApi.add({ unitId: dialog.unitId, ...form });
      }
    }
  };

  const remove = (kind: Dialog['kind'], name: string, drop: () => Promise<unknown>) =>
    confirmDelete(PART_NAMES[kind], name, async () => {
      await drop();
      Message.success('删除成功');
      read.reload();
    });

  const buildingCard = (building: BuildingTree) => (
    <div key={building.id} className="community-building" data-testid="community-building">
      <div className="community-building__head">
        <Space size={8}>
          <Typography.Text bold>{building.name}</Typography.Text>
          <Typography.Text type="secondary">
            {building.floors ? `共${building.floors}层 · ` : ''}
            {building.unitCount}个单元
          </Typography.Text>
        </Space>
        <RowActions
          rowName={building.name}
          items={[
            { action: 'edit', label: '新增单元', testId: 'building-add-unit', onClick: () => setDialog({ kind: 'unit', buildingId: building.id }) },
            { action: 'edit', label: '编辑', testId: 'building-edit', onClick: () => setDialog({ kind: 'building', editing: building }) },
            {
              action: 'edit',
              label: '删除',
              testId: 'building-delete',
              danger: true,
              onClick: () => remove('building', building.name, () => buildingApi.remove(building.id)),
            },
          ]}
        />
      </div>
      {building.units.length === 0 ? (
        <Typography.Text type="secondary" className="community-unit">
          暂无单元
        </Typography.Text>
      ) : (
        building.units.map((unit) => (
          <div key={unit.id} className="community-unit" data-testid="community-unit">
            <span className="community-unit__name">{unit.name}</span>
            <div className="community-unit__rooms">
              <UnitRooms
                unit={unit}
                editable={editable}
                onEnter={
                  mayEnter && entryPath && community
                    ? (room) =>
                        nav.push(entryPath, {
                          title: '新增二手房',
                          community: String(community.id),
                          communityName: community.name,
                          building: String(building.id),
                          unit: String(unit.id),
                          room: String(room.id),
                        })
                    : undefined
                }
                onView={
                  mayView
                    ? (room) => {
                        const family = room.listingTrade === SALE ? 'old' : 'rental';
                        const path = room.listingId ? relatedPath(table, route, `${family}/detail`, room.listingId) : undefined;
                        if (path) nav.push(path);
                      }
                    : undefined
                }
                onEdit={(room) => guarded('edit', () => setDialog({ kind: 'room', unitId: unit.id, editing: room }))()}
                onRemove={(room) => guarded('edit', () => remove('room', room.name, () => roomApi.remove(room.id)))()}
              />
            </div>
            <RowActions
              rowName={`${building.name}${unit.name}`}
              items={[
                { action: 'edit', label: '新增房号', testId: 'unit-add-room', onClick: () => setDialog({ kind: 'room', unitId: unit.id }) },
                { action: 'edit', label: '编辑', testId: 'unit-edit', onClick: () => setDialog({ kind: 'unit', buildingId: building.id, editing: unit }) },
                {
                  action: 'edit',
                  label: '删除',
                  testId: 'unit-delete',
                  danger: true,
                  onClick: () => remove('unit', unit.name, () => unitApi.remove(unit.id)),
                },
              ]}
            />
          </div>
        ))
      )}
    </div>
  );

  return (
    <DetailPage
      testId="community-detail"
      title={community?.name ?? route.meta.title}
      badges={community && <Tag color="arcoblue">{enumText('communityOfferStatus', community.offerStatus)}</Tag>}
      loading={!community}
      error={read.error}
      subject={community?.name}
      extra={
        community &&
        editPath && (
          <Permission action="edit">
            <Button
              type="primary"
              icon={<IconEdit />}
              onClick={() => nav.push(editPath, { id: String(community.id) })}
              data-testid="community-edit"
            >
              编辑
            </Button>
          </Permission>
        )
      }
    >
      {community && (
        <>
          <DetailSection
            title="基本信息"
            items={[
              { label: '小区名称', value: community.name },
              { label: '别名', value: orDash(community.aliases.join('、')) },
              { label: '简拼', value: community.initials.toUpperCase() },
              { label: '区域商圈', value: placeOf(community) },
              { label: '地址', value: orDash(community.address) },
              { label: '物业类型', value: enumText('propertyTypeMap', community.propertyType) },
              { label: '建成年代', value: orDash(community.buildYear) },
              { label: '栋座/房号', value: `${community.buildingCount}栋 / ${community.roomCount}套` },
              { label: '更新时间', value: dateTime(community.updatedAt) },
            ]}
          />
          <DetailSection
            title="物业信息"
            items={[
              { label: '开发商', value: orDash(community.developer) },
              { label: '物业公司', value: orDash(community.propertyCompany) },
              { label: '物业费', value: propertyFee(community.propertyFee) },
              { label: '容积率', value: orDash(hundredths(community.plotRatio)) },
              { label: '绿化率', value: greenRatio(community.greenRatio) },
              {
                label: '经纬度',
                value: community.lng !== null && community.lat !== null ? `${community.lng}, ${community.lat}` : '—',
              },
            ]}
          />
          <DetailSection title="位置">
            <LocationMap lng={community.lng} lat={community.lat} title={community.name} />
          </DetailSection>
          <DetailSection
            title="栋座单元"
            extra={
              <Permission action="edit">
                <Button size="small" type="primary" icon={<IconPlus />} onClick={() => setDialog({ kind: 'building' })} data-testid="building-add">
                  新增栋座
                </Button>
              </Permission>
            }
          >
            {community.buildings.length === 0 ? <Empty description="暂无栋座" /> : community.buildings.map(buildingCard)}
          </DetailSection>
          <FormModal<PartValues>
            title={`${dialog?.editing ? '编辑' : '新增'}${PART_NAMES[dialog?.kind ?? 'building']}`}
            visible={dialog !== undefined}
            fields={coreFields(dialog?.kind ?? 'building', { communityId: false, buildingId: false, unitId: false })}
            initialValues={initialValues}
            onSubmit={save}
            onClose={() => setDialog(undefined)}
            onSaved={read.reload}
            testId="community-part-form"
          />
        </>
      )}
    </DetailPage>
  );
}
