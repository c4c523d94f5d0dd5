import { dayTime } from './time';
import type { OperationLog, ProfileBasic } from './types';

/** The basic profile page (spec §3): a stream's parameters and the changes made to them. */

export function profileBasic(): ProfileBasic {
  return {
    status: 2,
    video: {
      mode: '自定义',
      acquisition: { resolution: '720*1280', frameRate: 15 },
      encoding: {
        resolution: '720*1280',
        rate: { min: 300, max: 800, default: 1500 },
        frameRate: 15,
        profile: 'high',
      },
    },
    audio: {
      mode: '自定义',
      acquisition: { channels: 8 },
      encoding: { channels: 8, rate: 128, profile: 'ACC' },
    },
  };
}

const LOGS: readonly [content: string, change: string, status: 0 | 1, daysAgo: number][] = [
  ['视频类-直播讲解-0027', '码率上限从 600 调整为 800', 0, 0],
  ['视频类-直播讲解-0027', '分辨率改为 720*1280', 1, 1],
  ['音频类-语音助手-0013', '声道数改为 8', 1, 3],
  ['视频类-产品演示-0042', '帧率从 25 调整为 15', 1, 6],
  ['音频类-客服回访-0008', '编码档次改为 ACC', 1, 9],
];

export function operationLog(now: Date): OperationLog[] {
  return LOGS.map(([contentNumber, updateContent, status, daysAgo], i) => ({
    key: String(i + 1),
    contentNumber,
    updateContent,
    status,
    updateTime: dayTime(now, daysAgo, 150 + i * 97),
  }));
}
