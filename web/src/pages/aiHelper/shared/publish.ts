import { assistantApi, type Assistant } from '../../../api/ai/assistant';
import { confirmAction } from '../../../components/form/confirmAction';

/**
 * 发布 at once; 取消发布 only after a confirmation, since it takes the assistant away from
 * everyone's chat panel (and the AI助手 button with it when it was the only one).
 */
export function togglePublish(assistant: Pick<Assistant, 'id' | 'name' | 'published'>, reload: () => void) {
  if (!assistant.published) {
    void assistantApi.publish(assistant.id, true).then(reload, () => undefined);
    return;
  }
  confirmAction({
    title: `确定取消发布「${assistant.name}」吗？`,
    content: '取消发布后，所有用户的工作台将不再提供该助手；没有其他已发布助手时，AI助手按钮也会消失。',
    onOk: () => assistantApi.publish(assistant.id, false).then(reload),
  });
}
