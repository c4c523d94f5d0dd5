import {
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  CommentOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  HistoryOutlined,
  ReadOutlined,
  RobotOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// Named here, not imported by name at run time, so the bundle holds only the icons we use.
const ICONS: Record<string, ReactNode> = {
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BookOutlined: <BookOutlined />,
  CommentOutlined: <CommentOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HistoryOutlined: <HistoryOutlined />,
  ReadOutlined: <ReadOutlined />,
  RobotOutlined: <RobotOutlined />,
  TeamOutlined: <TeamOutlined />,
  ThunderboltOutlined: <ThunderboltOutlined />,
};

export function hasIcon(name: string): boolean {
  return name in ICONS;
}

/** A declared icon; a name not bundled above fails the icons test rather than falling back. */
export function iconFor(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? <DatabaseOutlined />) : null;
}
