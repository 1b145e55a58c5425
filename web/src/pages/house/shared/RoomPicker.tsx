import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Grid, Select, Space, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import { buildingApi, roomApi, unitApi } from '../../../api/house/community';
import { dictionaryApi, type CommunitySuggestion, type PartOption } from '../../../api/house/oldHouse';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { usePermission } from '../../../components/Permission';

/** The entry form's columns: three a row on a wide window, two on a medium one, one below. */
export const COLUMN = { xs: 24, md: 12, lg: 8 };

/** What the picker has chosen so far. */
export interface Picked {
  communityId?: number;
  /** The community's name, so a place brought back (a draft, 录入 from a room) shows it. */
  communityName?: string;
  buildingId?: number;
  unitId?: number;
}

/** The first part of the room's place still missing, as the save's message says it. */
export function pickerFault(picked: Picked): string | undefined {
  if (!picked.communityId) return '请选择小区';
  if (!picked.buildingId) return '请选择楼栋';
  if (!picked.unitId) return '请选择单元';
  return undefined;
}

const toOptions = (parts: PartOption[]) => parts.map((part) => ({ label: part.name, value: part.id }));

/** A line under a picker box: what is missing (该小区还没有楼栋) and the button that adds it. */
export function PartHint({ missing, add, testId }: { missing?: string; add?: { label: string; onClick: () => void }; testId: string }) {
  if (!missing && !add) return null;
  return (
    <Space size={4} data-testid={testId}>
      {missing && <Typography.Text type="warning">{missing}</Typography.Text>}
      {add && (
        <Button type="text" size="mini" icon={<IconPlus />} onClick={add.onClick} data-testid={`${testId}-add`}>
          {add.label}
        </Button>
      )}
    </Space>
  );
}

/** The dialog adding a building, a unit or a room of the dictionary, checked by core's form. */
export function PartAdder<V extends object>({ kind, title, visible, onSubmit, onClose }: {
  kind: 'building' | 'unit' | 'room';
  title: string;
  visible: boolean;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <FormModal<V>
      title={title}
      visible={visible}
      fields={coreFields(kind, { communityId: false, buildingId: false, unitId: false, sort: false })}
      onSubmit={onSubmit}
      onClose={onClose}
      successText={`${title}成功`}
      testId={`add-${kind}-form`}
    />
  );
}

interface PickerProps {
  picked: Picked;
  onPicked: (picked: Picked) => void;
  /** The unit's rooms, once a unit is chosen (empty while none is). */
  onRooms: (rooms: PartOption[]) => void;
  /** The chosen building's 总层数, for the form's 总楼层. */
  onFloors: (floors?: number) => void;
  /** A save was tried: the parts still missing show red. */
  attempted: boolean;
  /** Core `houseTrade`: the unit's rooms on the market in it are marked. */
  trade: number;
}

/** A place chosen before the picker mounted (a draft, 录入 from a room): its lists load once. */
function useStartingLists(
  picked: Picked,
  trade: number,
  lists: {
    setSuggestions: (found: CommunitySuggestion[]) => void;
    setBuildings: (found: PartOption[]) => void;
    setUnits: (found: PartOption[]) => void;
    onRooms: (found: PartOption[]) => void;
    onFloors: (floors?: number) => void;
  },
) {
  const start = useRef({ picked, trade, lists });
  useEffect(() => {
    const { picked: at, trade: of, lists: to } = start.current;
    if (!at.communityId) return;
    to.setSuggestions([{ id: at.communityId, name: at.communityName ?? '', districtName: '' }]);
    void dictionaryApi.buildings(at.communityId).then((found) => {
      to.setBuildings(found);
      const floors = found.find((b) => b.id === at.buildingId)?.floors;
      if (floors) to.onFloors(floors);
    });
    if (at.buildingId) void dictionaryApi.units(at.buildingId).then(to.setUnits);
    if (at.unitId) void dictionaryApi.rooms(at.unitId, of).then(to.onRooms);
  }, []);
}

/**
 * The room's place for a new listing: a community found by name, pinyin or initials, then its
 * building and unit from the dictionary. A part the dictionary lacks (a new community has no
 * buildings yet) says so, and a holder of the community detail's 编辑 adds it on the spot; the
 * new part is chosen at once. Renders grid columns: the form's row holds them.
 */
export function RoomPicker({ picked, onPicked, onRooms, onFloors, attempted, trade }: PickerProps) {
  const [suggestions, setSuggestions] = useState<CommunitySuggestion[]>([]);
  const [buildings, setBuildings] = useState<PartOption[] | undefined>();
  const [units, setUnits] = useState<PartOption[] | undefined>();
  const [adding, setAdding] = useState<'building' | 'unit' | undefined>();
  // Buildings and units are the community detail page's to add (rooms are the entry form's own).
  const mayAddParts = usePermission('/work/house/communityDetail/:id')('edit');
  useStartingLists(picked, trade, { setSuggestions, setBuildings, setUnits, onRooms, onFloors });

  const pickCommunity = (communityId: number | undefined) => {
    onPicked({ communityId, communityName: suggestions.find((s) => s.id === communityId)?.name });
    setBuildings(undefined);
    setUnits(undefined);
    onRooms([]);
    if (communityId) void dictionaryApi.buildings(communityId).then(setBuildings);
  };
  const pickBuilding = (buildingId: number | undefined, known = buildings) => {
    onPicked({ communityId: picked.communityId, communityName: picked.communityName, buildingId });
    setUnits(undefined);
    onRooms([]);
    onFloors(known?.find((b) => b.id === buildingId)?.floors ?? undefined);
    if (buildingId) void dictionaryApi.units(buildingId).then(setUnits);
  };
  const pickUnit = (unitId: number | undefined) => {
    onPicked({ ...picked, unitId });
    onRooms([]);
    if (unitId) void dictionaryApi.rooms(unitId, trade).then(onRooms);
  };

  const fault = (missing: boolean, message: string) =>
    attempted && missing ? { validateStatus: 'error' as const, help: message } : {};
  const item = (label: string, box: ReactNode, extra: ReactNode, error: object) => (
    <Grid.Col {...COLUMN}>
      <Form.Item label={label} required extra={extra} {...error}>
        {box}
      </Form.Item>
    </Grid.Col>
  );

  return (
    <>
      {item(
        '小区',
        <Select
          showSearch
          allowClear
          filterOption={false}
          value={picked.communityId}
          placeholder="输入小区名称、拼音或首字母"
          onSearch={(text) => void dictionaryApi.suggest(text).then(setSuggestions)}
          onChange={(id?: number) => pickCommunity(id)}
          options={suggestions.map((s) => ({
            label: [s.alias ? `${s.name}（${s.alias}）` : s.name, s.districtName].filter(Boolean).join(' · '),
            value: s.id,
          }))}
          data-testid="pick-community"
        />,
        null,
        fault(!picked.communityId, '请选择小区'),
      )}
      {item(
        '楼栋',
        <Select
          value={picked.buildingId}
          options={toOptions(buildings ?? [])}
          placeholder={picked.communityId ? '请选择楼栋' : '请先选择小区'}
          notFoundContent={<Typography.Text type="secondary">该小区还没有楼栋</Typography.Text>}
          onChange={(id?: number) => pickBuilding(id)}
          data-testid="pick-building"
        />,
        buildings && (
          <PartHint
            testId="building-hint"
            missing={buildings.length === 0 ? `该小区还没有楼栋${mayAddParts ? '' : '，请联系小区维护人添加'}` : undefined}
            add={mayAddParts ? { label: '新增楼栋', onClick: () => setAdding('building') } : undefined}
          />
        ),
        fault(!picked.buildingId, '请选择楼栋'),
      )}
      {item(
        '单元',
        <Select
          value={picked.unitId}
          options={toOptions(units ?? [])}
          placeholder={picked.buildingId ? '请选择单元' : '请先选择楼栋'}
          notFoundContent={<Typography.Text type="secondary">该楼栋还没有单元</Typography.Text>}
          onChange={(id?: number) => pickUnit(id)}
          data-testid="pick-unit"
        />,
        units && (
          <PartHint
            testId="unit-hint"
            missing={units.length === 0 ? `该楼栋还没有单元${mayAddParts ? '' : '，请联系小区维护人添加'}` : undefined}
            add={mayAddParts ? { label: '新增单元', onClick: () => setAdding('unit') } : undefined}
          />
        ),
        fault(!picked.unitId, '请选择单元'),
      )}
      <PartAdder<{ name: string; floors?: number }>
        kind="building"
        title="新增楼栋"
        visible={adding === 'building'}
        onClose={() => setAdding(undefined)}
        onSubmit={async (values) => {
          const communityId = picked.communityId ?? 0;
          const made = await buildingApi.add({ communityId, name: values.name, floors: values.floors });
          if (!isApiFailure(made)) {
            const known = await dictionaryApi.buildings(communityId);
            setBuildings(known);
            pickBuilding(made.id, known);
          }
          return made;
        }}
      />
      <PartAdder<{ name: string }>
        kind="unit"
        title="新增单元"
        visible={adding === 'unit'}
        onClose={() => setAdding(undefined)}
        onSubmit={async (values) => {
          const buildingId = picked.buildingId ?? 0;
          const made = await unitApi.add({ buildingId, name: values.name });
          if (!isApiFailure(made)) {
            setUnits(await dictionaryApi.units(buildingId));
            pickUnit(made.id);
          }
          return made;
        }}
      />
    </>
  );
}

/** Adds a room to the chosen unit (the entry form's 新增房号) and answers it when made. */
export async function addRoom(unitId: number, values: { name: string; floor?: number }) {
  return roomApi.add({ unitId, name: values.name, floor: values.floor });
}
