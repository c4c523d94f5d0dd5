import { avatarOf } from './avatar';
import { dayTime } from './time';
import type {
  Certification,
  Contributor,
  LatestActivity,
  Project,
  ProjectAndTeam,
  Team,
  Visits,
} from './types';

/** The user center (spec §3): projects, activity, visits, teams and certification. */

const PEOPLE: readonly [name: string, email: string][] = [
  ['秦臻宇', 'qinzhenyu@example.com'],
  ['于涛', 'yutao@example.com'],
  ['宁波', 'ningbo@example.com'],
  ['郑曦月', 'zhengxiyue@example.com'],
  ['宁波波', 'ningbobo@example.com'],
];

function contributor([name, email]: readonly [string, string]): Contributor {
  return { name, email, avatar: avatarOf(name) };
}

const PROJECTS: readonly [name: string, description: string, people: number][] = [
  ['Copilot 控制台', '面向运营人员的大模型平台管理台', 128],
  ['提示词模板库', '平台级与个人提示词模板的版本与审核', 86],
  ['客服智能体', '接入知识库与工单系统的售后客服智能体', 64],
  ['语料标注平台', '双人标注、分歧复核与质检抽样', 42],
  ['模型评测中心', '固定评测集上的多模型版本对比', 37],
  ['插件市场', '联网搜索、代码执行等插件的接入与配置', 25],
];

export function myProjects(): Project[] {
  return PROJECTS.map(([name, description, peopleNumber], i) => ({
    id: i + 1,
    name,
    description,
    peopleNumber,
    // Three or four contributors each, rotating through the team.
    contributors: Array.from({ length: 3 + (i % 2) }, (_, k) =>
      contributor(PEOPLE[(i + k) % PEOPLE.length] as readonly [string, string]),
    ),
  }));
}

const ACTIVITIES: readonly [title: string, description: string][] = [
  ['发布了模板「售后客服问答」第 3 版', '提示词模板库'],
  ['完成了评测「wingpt-7b 对比 gpt-4o」', '模型评测中心'],
  ['导入了 1 200 条语料到「FAQ 改写」', '语料标注平台'],
  ['启用了插件「联网搜索」', '插件市场'],
  ['新建了场景「合同条款抽取」', 'Copilot 控制台'],
  ['调整了智能体「售后小助手」的模型版本', '客服智能体'],
  ['复核了 36 条标注分歧', '语料标注平台'],
];

export function latestActivity(): LatestActivity[] {
  return ACTIVITIES.map(([title, description], i) => ({
    id: i + 1,
    title,
    description,
    avatar: avatarOf(PEOPLE[i % PEOPLE.length]?.[0] ?? title),
  }));
}

export function visits(): Visits[] {
  return [
    { name: '主页访问量', visits: 5_670, growth: 206.32 },
    { name: '项目访问量', visits: 2_348, growth: -12.55 },
  ];
}

export function projectAndTeam(): ProjectAndTeam[] {
  return ['他创建的项目', '他参与的项目', '他创建的团队', '他加入的团队'].map((content, i) => ({
    id: i + 1,
    content,
  }));
}

const TEAMS: readonly [name: string, people: number][] = [
  ['大模型平台研发组', 36],
  ['提示词运营组', 18],
  ['语料标注组', 52],
  ['模型评测组', 11],
];

export function myTeams(): Team[] {
  return TEAMS.map(([name, peopleNumber], i) => ({
    id: i + 1,
    avatar: avatarOf(name),
    name,
    peopleNumber,
  }));
}

export function certification(now: Date): Certification {
  return {
    enterpriseInfo: {
      accountType: '企业账号',
      status: 1,
      time: dayTime(now, 420, 373),
      legalPerson: '李**',
      certificateType: '中国身份证',
      authenticationNumber: '130************123',
      enterpriseName: '智言科技有限公司',
      enterpriseCertificateType: '企业营业执照',
      organizationCode: '7*******9',
    },
    record: [
      {
        certificationType: 1,
        certificationContent: '企业实名认证，法人姓名：李**',
        status: 0,
        time: dayTime(now, 2, 150),
      },
      {
        certificationType: 1,
        certificationContent: '企业实名认证，法人姓名：李**',
        status: 1,
        time: dayTime(now, 420, 373),
      },
      {
        certificationType: 2,
        certificationContent: '管理员账号变更为 admin',
        status: 1,
        time: dayTime(now, 180, 610),
      },
    ],
  };
}
