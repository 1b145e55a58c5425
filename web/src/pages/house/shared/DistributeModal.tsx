import { useEffect, useState } from 'react';
import { Message, Modal, Spin, Tree, Typography } from '@arco-design/web-react';
import { newHomeApi, type DistributionTarget } from '../../../api/house/newHome';
import { choiceAfter, chosenKeys, COMPANY, coveredStores, shownKeys, STORE } from './distribution';

/**
 * 分销: the companies of the project's city with their stores. Ticking a company gives it to
 * every store of it; ticking stores gives it to those stores alone. Whoever is left unticked no
 * longer sees the project.
 */
export function DistributeModal({
  project,
  onClose,
}: {
  project: { id: number; name: string };
  onClose: () => void;
}) {
  const [targets, setTargets] = useState<DistributionTarget[] | undefined>();
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // Mounted once per project (the list gives it a key): load what it offers and what is chosen.
  useEffect(() => {
    newHomeApi
      .targets(project.id)
      .then((loaded) => {
        setTargets(loaded);
        setChecked(chosenKeys(loaded));
      })
      .catch(onClose);
  }, [project, onClose]);

  const save = async () => {
    const ids = (prefix: string) => checked.filter((key) => key.startsWith(prefix)).map((key) => Number(key.slice(prefix.length)));
    setSaving(true);
    try {
      await newHomeApi.distribute(project.id, ids(COMPANY), ids(STORE));
      Message.success('分销已保存');
      onClose();
    } catch {
      // The request client has already said why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`分销：${project.name}`}
      visible
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'distribute-submit' } as object}
      unmountOnExit
    >
      <Typography.Paragraph type="secondary">勾选公司即分销给该公司全部门店；也可只勾选其中的门店。</Typography.Paragraph>
      {targets === undefined ? (
        <Spin />
      ) : (
        <Tree
          data-testid="distribute-tree"
          checkable
          checkStrictly
          blockNode
          // A click on the name ticks it: a highlighted but unticked store would not be saved.
          actionOnClick="check"
          // A ticked company shows its stores ticked (it covers them), not to be unticked alone.
          checkedKeys={shownKeys(targets, checked)}
          onCheck={(keys) => setChecked(choiceAfter(targets, checked, keys))}
          treeData={targets.map((company) => ({
            key: `${COMPANY}${company.id}`,
            title: company.name,
            children: company.stores.map((store) => ({
              key: `${STORE}${store.id}`,
              title: store.name,
              disableCheckbox: coveredStores(targets, checked).has(`${STORE}${store.id}`),
            })),
          }))}
        />
      )}
    </Modal>
  );
}
