import { defineLocale } from '../define';

/** Texts of the console shell: header, menus of the modules, theme and language switches. */
export default defineLocale('shell', {
  en: {
    console: 'Console',
    dashboard: 'Dashboard',
    workbench: 'Workbench',
    personalCenter: 'Personal center',
    logout: 'Log out',
    darkMode: 'Dark mode',
    groupMenu: 'Group menus',
    animation: 'Switch animation',
    themes: {
      default: 'Default', cuilv: 'Emerald', zitan: 'Rosewood', jincheng: 'Golden orange',
      yingtao: 'Cherry', bohe: 'Mint', qinghui: 'Slate blue', shanhu: 'Coral',
    },
    modules: {
      base: 'System', sys: 'System settings', demo: 'Demo', dict: 'Dictionary', goods: 'Goods', helper: 'Helpers', plugin: 'Plugins',
      recycle: 'Recycle bin', space: 'File space', task: 'Scheduled tasks', user: 'Users', work: 'Workspace', member: 'Member calls',
      workspace: 'Workspace', commerce: 'Commerce', ai: 'AI', system: 'System',
    },
    loadingView: 'Loading view…',
    expandMenu: 'Expand menu',
    collapseMenu: 'Collapse menu',
    noView: 'This menu has no view',
  },
  'zh-cn': {
    console: '控制台',
    dashboard: '仪表盘',
    workbench: '工作台',
    personalCenter: '个人中心',
    logout: '退出登录',
    darkMode: '暗黑模式',
    groupMenu: '菜单分组',
    animation: '切换动画',
    themes: {
      default: '默认', cuilv: '翠绿', zitan: '紫檀', jincheng: '金橙',
      yingtao: '樱桃', bohe: '薄荷', qinghui: '青灰', shanhu: '珊瑚',
    },
    modules: {
      base: '系统管理', sys: '系统设置', demo: '示例', dict: '字典管理', goods: '商品', helper: '辅助工具', plugin: '插件',
      recycle: '回收站', space: '文件空间', task: '定时任务', user: '用户', work: '工作台', member: '会员接口',
      workspace: '工作空间', commerce: '商业', ai: 'AI', system: '系统',
    },
    loadingView: '视图加载中…',
    expandMenu: '展开菜单',
    collapseMenu: '收起菜单',
    noView: '此菜单没有视图',
  },
  'zh-tw': {
    console: '控制台',
    dashboard: '儀表板',
    workbench: '工作台',
    personalCenter: '個人中心',
    logout: '登出',
    darkMode: '深色模式',
    groupMenu: '選單分組',
    animation: '切換動畫',
    themes: {
      default: '預設', cuilv: '翠綠', zitan: '紫檀', jincheng: '金橙',
      yingtao: '櫻桃', bohe: '薄荷', qinghui: '青灰', shanhu: '珊瑚',
    },
    modules: {
      base: '系統管理', sys: '系統設定', demo: '範例', dict: '字典管理', goods: '商品', helper: '輔助工具', plugin: '外掛',
      recycle: '資源回收筒', space: '檔案空間', task: '排程任務', user: '使用者', work: '工作台', member: '會員介面',
      workspace: '工作空間', commerce: '商業', ai: 'AI', system: '系統',
    },
    loadingView: '視圖載入中…',
    expandMenu: '展開選單',
    collapseMenu: '收合選單',
    noView: '此選單沒有視圖',
  },
});
