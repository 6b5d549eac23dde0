import { defineLocale } from '../define';

/** Texts of images and files in chat (workspace/chat: ChatAttachment, AttachButton, the list's preview). */
export default defineLocale('wsChatFiles', {
  en: {
    previewImage: '[Image] {{text}}',
    previewFile: '[File] {{text}}',
    attach: 'Attach an image or a file',
    image: 'Image',
    openImage: 'Open {{name}}',
    download: 'Download',
    downloadName: 'Download {{name}}',
    unavailable: 'This file is no longer available',
    unavailableHint: 'It was removed, or you may not open it.',
    loadFailed: 'The file could not be loaded',
    retry: 'Try again',
  },
  'zh-cn': {
    previewImage: '[图片] {{text}}',
    previewFile: '[文件] {{text}}',
    attach: '发送图片或文件',
    image: '图片',
    openImage: '打开 {{name}}',
    download: '下载',
    downloadName: '下载 {{name}}',
    unavailable: '此文件已不可用',
    unavailableHint: '文件已被删除，或你无权打开。',
    loadFailed: '文件加载失败',
    retry: '重试',
  },
  'zh-tw': {
    previewImage: '[圖片] {{text}}',
    previewFile: '[檔案] {{text}}',
    attach: '傳送圖片或檔案',
    image: '圖片',
    openImage: '開啟 {{name}}',
    download: '下載',
    downloadName: '下載 {{name}}',
    unavailable: '此檔案已無法使用',
    unavailableHint: '檔案已被刪除，或你無權開啟。',
    loadFailed: '檔案載入失敗',
    retry: '重試',
  },
});
