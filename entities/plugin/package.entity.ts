import { defineEntity, l, keyHolders } from '../../server/core/api';

export default defineEntity({
  module: 'plugin',
  name: 'package',
  table: 'plugin_package',
  system: 'pluginPackages',
  label: l('Plugin package', '插件安装包', '外掛安裝包'),
  description:
    'Ours (issue 19): one uploaded plugin package, step 1 of an install. uploadId (a random uuid) is what ' +
    'install {uploadId} names; keyName, version and manifest are read from its plugin.json; sha256 and size ' +
    'are those of the zip; data is the zip in base64, never returned, from which every instance unpacks the ' +
    'installed version. status 0 uploaded (waiting for install; removed after 24 h), 1 installed, 2 replaced by ' +
    'a later install. createBy is the administrator who uploaded it. Written by the plugin calls only.',
  fields: {
    uploadId: { type: 'string', length: 36, required: true, nullable: false, unique: true, label: l('Upload id', '上传标识', '上傳識別碼') },
    keyName: { type: 'string', length: 64, index: true, label: l('Plugin key', '插件标识', '外掛標識') },
    version: { type: 'string', length: 64, label: l('Version', '版本', '版本') },
    sha256: { type: 'string', length: 64, label: l('SHA-256', 'SHA-256', 'SHA-256') },
    size: { type: 'int', label: l('Size (bytes)', '大小（字节）', '大小（位元組）') },
    manifest: { type: 'json', jsonType: 'object', label: l('Manifest', '插件描述', '外掛描述') },
    data: { type: 'text', hidden: true, readOnly: true, label: l('Package data', '安装包数据', '安裝包資料') },
    status: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Status', '状态', '狀態'),
      enum: [
        { value: 0, label: l('Uploaded', '已上传', '已上傳') },
        { value: 1, label: l('Installed', '已安装', '已安裝') },
        { value: 2, label: l('Replaced', '已被替换', '已被取代') },
      ],
    },
    createBy: { type: 'int', label: l('Uploaded by', '上传者', '上傳者') },
  },
  actions: ['page', 'info'],
  search: { keyword: ['keyName'], equal: ['keyName', 'status'] },
  order: { field: 'id', sort: 'desc' },
  access: keyHolders,
});
