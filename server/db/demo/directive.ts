import type { DemoRows } from './hook';

export const DEMO_DIRECTIVES = [
  {
    directiveName: '简洁回答',
    directiveCode: 'be-concise',
    sceneCode: 'customer-service',
    content: '回答不超过三句话，先给结论。',
    status: 1,
  },
  {
    directiveName: '引用来源',
    directiveCode: 'cite-sources',
    sceneCode: 'kb-qa',
    content: '每个结论后用 [编号] 标注知识库出处。',
    status: 1,
  },
  {
    directiveName: '代码附注释',
    directiveCode: 'comment-code',
    sceneCode: 'code-assistant',
    content: '给出的代码需附必要的中文注释。',
    status: 1,
  },
  {
    directiveName: '敏感信息脱敏',
    directiveCode: 'mask-pii',
    sceneCode: null,
    content: '输出中的手机号、身份证号需脱敏处理。',
    status: 0,
  },
] as const;

export const demo: DemoRows = () => [...DEMO_DIRECTIVES];
