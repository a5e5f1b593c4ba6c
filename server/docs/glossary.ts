// The words of software docs in English, Chinese and Japanese, for readers who ask in another language than
// the docs are written in: a developer in Shanghai reading Hono's English docs asks "如何在 Hono 中使用 CORS
// 中间件？", one in Tokyo reading Vue's Chinese docs or Vite's Japanese ones types "How do I change the dev
// server port?". A search by words finds none of the docs' words in such a question but its names (CORS, Hono),
// and its Chinese words, which no page has, made it look beyond the docs. Each line here is one meaning:
// the English words | the Chinese words (simplified) | the Japanese words | the Korean words (read as korean.ts
// cuts a phrase to its word: 미들웨어는 is 미들웨어). A reader's Chinese, Japanese or Korean word
// also searches for the English ones and the other language's (端口 for ポート on Vite's Japanese docs: through
// the English alone, 5 of 16 Chinese and Japanese questions on the other's docs, 11 with them), and a reader's
// English word for the Chinese and Japanese ones, as the
// same word of the question (read as readers' words are, synonyms.ts), when the question is in another
// language than most of the docs: asked in the docs' own language, the docs' own words find the answer, and
// the glossary's ("使用" for "use") only drew sections of English code (Vite's Japanese questions, P@1
// 0.818 -> 0.750 with the glossary always on).
// Only words of software docs in general, never of one product: a site adds its own in assistant.md.

import { hasUnspacedScript, termsOf } from './analyzer.ts';
import { otherScriptForms } from './chineseScripts.ts';
import { synonymsOf, type Synonyms } from './synonyms.ts';

const GLOSSARY_TEXT = `
middleware | 中间件 | ミドルウェア | 미들웨어
component, components | 组件 | コンポーネント | 컴포넌트
plugin, plugins | 插件 | プラグイン | 플러그인
server | 服务器 | サーバー, サーバ | 서버
client | 客户端 | クライアント | 클라이언트
app, application | 应用, 应用程序 | アプリ, アプリケーション | 앱, 애플리케이션, 어플리케이션
request, requests | 请求 | リクエスト | 요청, 리퀘스트
response, responses | 响应 | レスポンス | 응답, 리스폰스
header, headers | 请求头, 响应头, 头部 | ヘッダー, ヘッダ | 헤더
body | 请求体, 响应体 | ボディ, リクエストボディ | 본문, 바디, 요청 본문
parameter, parameters, param, params | 参数 | パラメータ, パラメーター, 引数 | 매개변수, 파라미터, 인자
query | 查询参数, 查询字符串 | クエリ, クエリパラメータ | 쿼리, 쿼리 파라미터, 쿼리 문자열
route, routes, routing, router | 路由 | ルート, ルーティング, ルーター | 라우트, 라우팅, 라우터
path | 路径 | パス | 경로, 패스
url, link | 网址, 链接 | リンク | 링크, 주소
session, sessions | 会话 | セッション | 세션
cookie, cookies | | クッキー | 쿠키
websocket, websockets | | ウェブソケット | 웹소켓
token, tokens | 令牌 | トークン | 토큰
auth, authentication, authenticate | 认证, 身份验证, 鉴权, 登录验证 | 認証 | 인증, 로그인
authorization | 授权 | 認可 | 인가, 권한
password | 密码 | パスワード | 비밀번호, 패스워드
validation, validate, validator | 校验, 验证, 数据校验 | バリデーション, 検証, 入力チェック | 유효성 검사, 검증, 밸리데이션
error, errors | 错误, 报错 | エラー | 에러, 오류
exception, exceptions | 异常 | 例外 | 예외
handle, handler, handling | 处理 | 処理, ハンドリング, ハンドラー | 처리, 핸들러, 핸들링
redirect | 重定向, 跳转 | リダイレクト | 리다이렉트, 리디렉션
proxy | 代理 | プロキシ | 프록시
cors | 跨域 | クロスオリジン | 교차 출처
compress, compression | 压缩 | 圧縮 | 압축
cache, caching | 缓存 | キャッシュ | 캐시, 캐싱
limit, limits | 限制, 上限 | 制限, 上限 | 제한, 한도
rate | 速率, 频率 | レート | 속도
rate limit, rate limits | 次数, 提问次数, 请求次数 | 回数, 質問回数 | 횟수
safe, safely | 安全吗, 安不安全, 没问题吗 | 大丈夫, 安全 | 안전, 괜찮
timeout | 超时 | タイムアウト | 타임아웃, 시간 초과
log, logs, logger, logging | 日志, 记录 | ログ, ロガー, 記録 | 로그, 로깅, 로거, 기록
stream, streaming | 流式, 流式传输, 流 | ストリーミング, ストリーム | 스트리밍, 스트림
upload | 上传 | アップロード | 업로드
download | 下载 | ダウンロード | 다운로드
file, files | 文件 | ファイル | 파일
static | 静态 | 静的 | 정적
dynamic | 动态 | 動的 | 동적
test, testing, tests | 测试, 单元测试 | テスト | 테스트, 테스팅
deploy, deployment | 部署, 发布, 上线 | デプロイ, 公開 | 배포, 디플로이
production | 生产环境, 生产 | 本番, 本番環境, プロダクション | 프로덕션, 운영, 운영 환경
development, dev | 开发 | 開発 | 개발
build | 构建, 打包 | ビルド | 빌드
bundle, bundler, bundling | 打包, 打包工具 | バンドル, バンドラー | 번들, 번들러, 번들링
install, installation | 安装 | インストール | 설치
start, started, tutorial | 开始, 入门, 教程, 上手 | 始め, 始める, 入門, チュートリアル | 시작, 튜토리얼, 입문
config, configuration, configure | 配置, 配置文件, 设置 | 設定, 設定ファイル, コンフィグ | 설정, 구성, 설정 파일
option, options | 选项 | オプション | 옵션
default | 默认 | デフォルト | 기본, 기본값
custom | 自定义 | カスタム, 独自 | 커스텀, 사용자 정의
global, globally | 全局 | グローバル | 전역, 글로벌
local, locally | 局部, 本地 | ローカル | 로컬, 지역
env, environment, variable | 环境变量 | 環境変数 | 환경 변수, 환경
variable, variables | 变量 | 変数 | 변수
mode | 模式 | モード | 모드
port | 端口 | ポート | 포트
host | 主机 | ホスト | 호스트
https, ssl, certificate | 证书 | 証明書 | 인증서
type, types | 类型 | 型 | 타입, 유형, 형식
type-safe, typesafe | 类型安全 | 型安全 | 타입 안전
function, functions | 函数 | 関数 | 함수
method, methods | 方法 | メソッド | 메서드, 메소드
object | 对象 | オブジェクト | 객체, 오브젝트
array | 数组 | 配列 | 배열
string | 字符串 | 文字列 | 문자열
template, templates | 模板 | テンプレート | 템플릿
render, rendering | 渲染 | レンダリング, 描画 | 렌더링
ssr, server-side | 服务端渲染, 服务器端渲染 | サーバーサイドレンダリング | 서버 사이드 렌더링, 서버 렌더링
ssg, prerender | 静态站点生成, 预渲染 | 静的サイト生成, プリレンダリング | 정적 사이트 생성, 사전 렌더링, 프리렌더링
hmr, hot | 热更新, 热模块替换, 热重载 | ホットリロード, ホットモジュールリプレースメント | 핫 리로드, 핫 모듈 교체
alias | 别名 | エイリアス | 별칭, 앨리어스
sourcemap, sourcemaps, source map, source maps | 源码映射, 源映射 | ソースマップ | 소스맵, 소스 맵
dependency, dependencies | 依赖 | 依存, 依存関係 | 의존성, 디펜던시
pre-bundling, prebundling, optimize | 预构建 | 事前バンドル | 사전 번들링
library, lib | 库 | ライブラリ | 라이브러리
worker, workers | 工作线程 | ワーカー | 워커
event, events, emit | 事件 | イベント | 이벤트
listen, listener | 监听 | リッスン | 리스너
state | 状态 | 状態, ステート | 상태
reactive, reactivity | 响应式 | リアクティブ, リアクティビティ | 반응형, 반응성
property, properties, attribute, attributes | 属性 | プロパティ, 属性 | 속성, 프로퍼티
lifecycle, hooks | 生命周期, 钩子 | ライフサイクル, フック | 라이프사이클, 생명주기, 훅
slot, slots | 插槽 | スロット | 슬롯
directive, directives | 指令 | ディレクティブ | 디렉티브
computed | 计算属性 | 算出プロパティ | 계산된 속성, 계산 속성
watch, watcher, watchers | 侦听器, 监听器, 侦听 | ウォッチャー, 監視 | 감시자, 워처, 감시
ref, refs | 模板引用 | テンプレート参照 | 템플릿 참조
composable, composables | 组合式函数 | コンポーザブル | 컴포저블
parent | 父组件 | 親コンポーネント | 부모, 부모 컴포넌트
child, children | 子组件 | 子コンポーネント | 자식, 자식 컴포넌트
form, forms, input | 表单, 输入框 | フォーム, 入力 | 폼, 양식, 입력
list | 列表 | リスト, 一覧 | 목록, 리스트
see, view, check | 查看, 确认 | 見る, 確認 | 보기, 확인
condition, conditional | 条件渲染, 条件 | 条件付き | 조건부, 조건
loop, iterate | 循环 | ループ | 반복, 루프
class, classes | 类名 | クラス | 클래스
style, styles, css | 样式 | スタイル | 스타일
animation, animations, transition, transitions | 动画, 过渡 | アニメーション, トランジション | 애니메이션, 트랜지션, 전환
async, asynchronous | 异步 | 非同期 | 비동기
lazy | 懒加载 | 遅延読み込み, 遅延ロード | 지연 로딩, 레이지 로딩
performance | 性能 | パフォーマンス, 性能 | 성능, 퍼포먼스
security | 安全 | セキュリティ | 보안
protect, protection, prevent | 防止, 保护, 防护 | 防ぐ, 保護, 対策 | 보호, 방지
attack, attacks | 攻击 | 攻撃 | 공격
sign, signed, signature | 签名 | 署名 | 서명
unique | 唯一 | 一意, ユニーク | 고유
format, formatting, pretty | 格式化, 格式 | フォーマット, 整形 | 포맷, 형식
trailing | 末尾, 结尾 | 末尾 | 끝
slash | 斜杠 | スラッシュ | 슬래시
accessibility | 无障碍 | アクセシビリティ | 접근성
database | 数据库 | データベース | 데이터베이스
offline | 离线, 断网 | オフライン | 오프라인
email | 邮件, 电子邮件 | メール | 이메일, 메일
migration, migrate, upgrade | 迁移, 升级 | 移行, アップグレード | 마이그레이션, 업그레이드
browser, browsers | 浏览器 | ブラウザ, ブラウザー | 브라우저
compatibility | 兼容性 | 互換性 | 호환성
module, modules | 模块 | モジュール | 모듈
import | 导入 | インポート | 임포트
export | 导出 | エクスポート | 익스포트, 내보내기
api, interface | 接口 | インターフェース | 인터페이스
directory, folder | 目录, 文件夹 | ディレクトリ, フォルダ | 디렉터리, 디렉토리, 폴더
output | 输出 | 出力 | 출력
preview | 预览 | プレビュー | 미리보기, 프리뷰
example, examples | 示例, 例子 | 例, サンプル | 예제, 예시, 샘플
use, using, usage | 使用, 用法 | 使う, 使い方, 使用 | 사용, 사용법, 쓰는 법
get, read, access | 获取, 读取, 访问 | 取得, 読み込み, アクセス | 가져오기, 가져오는, 읽기, 접근
set | 设置 | 設定 | 설정
return | 返回 | 返す | 반환, 리턴
send | 发送 | 送信, 送る | 전송, 보내기, 보내는
create, write | 创建, 编写, 写 | 作成, 作る, 書き方, 書く | 생성, 작성, 만들기, 만드는
add | 添加, 加到, 加上 | 追加 | 추가
remove, delete | 删除, 移除, 去掉, 去除 | 削除, 取り除く, 取り除き, 除去 | 삭제, 제거
update | 更新 | 更新 | 업데이트, 갱신
change, modify | 修改, 更改, 改变, 改成, 改为, 更换 | 変更, 変える, 変え | 변경, 수정, 바꾸기, 바꾸는, 바꾸고
enable | 启用, 开启 | 有効, 有効化 | 활성화, 켜기, 켜고, 켜려면, 켜는, 켜면
disable | 禁用, 关闭 | 無効, 無効化 | 비활성화, 끄기
run, start | 运行, 启动 | 実行, 起動, 動かす, 動かせ, 動かし | 실행, 시작, 구동
stop | 停止 | 停止, 止める | 중지, 정지
call, invoke | 调用 | 呼び出す, 呼び出し | 호출
define | 定义 | 定義 | 정의
register, registration | 注册 | 登録 | 등록
bind, binding | 绑定 | バインド | 바인딩
pass | 传递, 传入 | 渡す | 전달, 넘기기
load, loading | 加载 | 読み込む, ロード | 로드, 로딩, 불러오기
integrate, integration | 集成 | 統合, 連携 | 통합, 연동
backend | 后端 | バックエンド | 백엔드
support | 支持 | サポート, 対応 | 지원
slow | 慢, 很慢 | 遅い | 느림, 느린, 느려
color, colors, colour | 颜色, 配色 | 色, カラー | 색상, 색, 컬러
basic | | ベーシック | 베이직
difference, differences, vs | | | 차이, 차이점
color, red | 红色 | 赤, 赤色 | 빨간색, 빨강
color, blue | 蓝色 | 青, 青色 | 파란색, 파랑
color, green | 绿色 | 緑, 緑色 | 초록색, 녹색
color, black | 黑色 | 黒, 黒色 | 검은색, 검정
color, white | 白色 | 白, 白色 | 흰색, 하양
button | 按钮 | ボタン | 버튼
icon | 图标 | アイコン | 아이콘
font | 字体 | フォント | 글꼴, 폰트
theme, theming | 主题 | テーマ | 테마
dark | 暗色, 深色, 暗黑模式, 深色模式 | ダークモード, ダーク | 다크 모드, 다크
size | 大小, 尺寸, 体积 | サイズ | 크기, 사이즈
width | 宽度 | 幅 | 너비, 폭
height | 高度 | 高さ | 높이
position | 位置, 放到, 放在, 移到 | 位置, 配置 | 위치
layout | 布局 | レイアウト | 레이아웃
sidebar, panel | 侧边栏, 侧栏, 面板 | サイドバー, パネル | 사이드바, 패널
side | 侧边 | サイド | 사이드
dialog, modal, popup | 弹窗, 对话框, 弹出框 | ダイアログ, モーダル, ポップアップ | 대화상자, 다이얼로그, 모달, 팝업
launcher | 启动按钮, 启动器 | ランチャー | 런처
shortcut, hotkey | 快捷键 | ショートカット, ショートカットキー | 단축키
keyboard | 键盘 | キーボード | 키보드
mobile, phone | 手机, 移动端 | モバイル, スマホ, スマートフォン | 모바일, 휴대폰, 스마트폰
screen reader, accessible | 读屏, 屏幕阅读器 | スクリーンリーダー | 스크린 리더
reader, readers | 读者 | 読者 | 독자
language, languages, locale | 语言 | 言語 | 언어
chinese | 中文, 汉语, 简体中文, 繁体中文 | 中国語 | 중국어
japanese | 日语, 日文 | 日本語 | 일본어
english | 英文, 英语 | 英語 | 영어
korean | 韩语, 韩文 | 韓国語 | 한국어
translation, translations, translate | 翻译 | 翻訳 | 번역
search | 搜索, 检索 | 検索 | 검색
question, questions | 问题, 提问 | 質問 | 질문
ask, asks, asked | 问, 问了, 询问 | 聞く, 尋ねる | 묻다, 물어보다
know | 知道 | 知る, 分かる | 알다
character, characters | 字符, 字数 | 文字数, 文字 | 글자, 문자, 글자 수
maximum, max | 最大, 最多 | 最大 | 최대
invent, grounded | 编造, 捏造, 幻觉 | 捏造, でっち上げ, ハルシネーション | 환각, 지어내다
answer, answers | 回答, 答案 | 回答, 答え | 답변, 대답
short, shorter, shorten | 短, 短一点, 简短, 简洁 | 短い, 短く, 簡潔 | 짧게, 짧은, 간결
feedback | 反馈 | フィードバック, 評価 | 피드백, 평가
conversation, thread, chat | 对话, 会话, 聊天 | 会話, チャット | 대화, 채팅
history | 历史, 历史记录 | 履歴 | 기록, 히스토리
user, users | 用户 | ユーザー | 사용자, 유저
key, keys | 密钥 | キー | 키
public | 公开 | 公開 | 공개
secret, secrets | 秘密, 机密 | 秘密, シークレット | 비밀
admin, administrator | 管理员, 管理 | 管理者 | 관리자
model, models | 模型 | モデル | 모델
prompt | 提示词 | プロンプト | 프롬프트
source, sources, citation | 来源, 出处, 引用 | 出典, ソース, 引用 | 출처, 소스, 인용
price, pricing, cost, free | 价格, 费用, 收费, 付费, 免费 | 料金, 価格, 無料 | 가격, 요금, 비용, 무료
license | 许可证, 协议 | ライセンス | 라이선스, 라이센스
open source | 开源 | オープンソース | 오픈 소스, 오픈소스
version, versions | 版本 | バージョン | 버전
release, releases | 发行版 | リリース | 릴리스
self-host, self-hosting, host | 自己部署, 自托管, 私有部署 | セルフホスト, 自前 | 셀프 호스팅, 자체 호스팅
container, docker | 容器 | コンテナ | 컨테이너, 도커
command, commands, cli | 命令, 命令行 | コマンド, コマンドライン | 명령어, 명령, 커맨드
terminal | 终端 | ターミナル | 터미널
script | 脚本 | スクリプト | 스크립트
tag | 标签 | タグ | 태그
element, elements | 元素 | 要素 | 요소, 엘리먼트
page, pages | 页面, 网页 | ページ | 페이지
docs, documentation | 文档 | ドキュメント | 문서
widget | 小部件, 挂件 | ウィジェット | 위젯
data | 数据 | データ | 데이터
text | 文字, 文本 | テキスト | 텍스트
code | 代码 | コード | 코드
code block, code blocks | 代码块 | コードブロック | 코드 블록
copy | 复制, 拷贝 | コピー | 복사
select, selected, selection, highlight | 选中, 选择, 选区, 高亮 | 選択 | 선택, 하이라이트
retry | 重试 | 再試行, リトライ | 재시도
restart | 重启 | 再起動 | 재시작
reload, refresh | 刷新, 重新加载 | 再読み込み, リロード | 새로고침
save, store, storage | 保存, 存储 | 保存, ストレージ | 저장, 스토리지
exclude, hide | 排除, 隐藏 | 除外, 非表示 | 제외, 숨기기
provider, providers | 提供商, 服务商 | プロバイダー, プロバイダ | 제공자, 프로바이더
agent, agents | 智能体 | エージェント | 에이전트
job, jobs, task | 任务 | ジョブ, タスク | 작업
pull request, pull requests | 拉取请求, 合并请求 | プルリクエスト | 풀 리퀘스트
repository, repo | 仓库, 代码仓库 | リポジトリ | 저장소, 리포지토리
branch, branches | 分支 | ブランチ | 브랜치
push | 推送 | プッシュ | 푸시
metrics, metric | 指标 | メトリクス | 메트릭, 지표
privacy | 隐私 | プライバシー | 개인정보
fingerprint | 指纹 | フィンガープリント | 핑거프린트
instance, instances | 实例 | インスタンス | 인스턴스
several, multiple | 多个, 多台 | 複数 | 여러
compare, comparison, difference | 区别, 比较, 对比 | 違い, 比較 | 차이, 비교
image, images | 图片 | 画像 | 이미지
address | 地址 | アドレス | 주소
ad blocker, ad blockers, adblock, adblocker | 广告拦截, 广告拦截器, 广告屏蔽 | 広告ブロッカー, 広告ブロック | 광고 차단, 광고 차단기
show, display | 显示, 展示 | 表示 | 표시, 보여주기
open | 打开, 开启, 弹出 | 開く, 開き, オープン | 열기, 여는
close | 关闭, 收起 | 閉じる | 닫기, 닫는
left | 左边, 左侧, 左 | 左, 左側 | 왼쪽, 좌측
right | 右边, 右侧, 右 | 右, 右側 | 오른쪽, 우측
top | 顶部, 上方 | 上部 | 상단, 위쪽
bottom | 底部, 下方 | 下部 | 하단, 아래쪽
bottom-left | 左下角, 左下 | 左下 | 왼쪽 아래, 좌측 하단
bottom-right | 右下角, 右下 | 右下 | 오른쪽 아래, 우측 하단
corner, corners | 角落, 角 | 隅, 角 | 모서리, 구석
assistant | 助手, 助理 | アシスタント | 어시스턴트, 도우미
site, website | 网站, 站点 | サイト, ウェブサイト | 사이트, 웹사이트
strict | 严格 | 厳しい, 厳格 | 엄격
case, case-sensitive, case-insensitive | 大小写, 区分大小写 | 大文字小文字 | 대소문자
detect, detection | 检测, 识别 | 検出, 判定 | 감지, 탐지
generate, generation | 生成 | 生成 |
group, groups, grouping | 分组 | グループ, グループ化 | 그룹, 그룹화
work, works | 生效, 工作, 可用 | 動く, 動き, 動作 | 작동, 동작
own | 自己的 | 自分の, 独自 | 자체, 직접
`;

/** A glossary line's four columns: the English, Chinese, Japanese and Korean words, each a comma-separated list. */
function columnsOf(line: string): [english: string, chinese: string, japanese: string, korean: string] {
  const [english = '', chinese = '', japanese = '', korean = ''] = line.split('|').map((part) => part.trim());
  return [english, chinese, japanese, korean];
}

/** A glossary line as lines of readers' words (synonyms.ts): the Chinese, Japanese and Korean words find the English ones and each other, and the English words the others. */
function synonymLines(line: string): string[] {
  const [english, chinese, japanese, korean] = columnsOf(line);
  const others = [chinese, japanese, korean].filter((part) => part !== '').join(', ');
  if (english === '' || others === '') return [];
  return [`${others} => ${english}, ${others}`, `${english} => ${others}`];
}

let compiled: Synonyms | undefined;

/**
 * The glossary as readers' words, each meaning both ways. Compiled on the first question asked across languages
 * (about 25 ms of segmenting its words), never at start-up: most sites are asked in their own language.
 */
export const GLOSSARY: Synonyms = {
  alternativesIn: (question) =>
    (compiled ??= synonymsOf(
      GLOSSARY_TEXT.split('\n')
        .filter((line) => line.trim() !== '')
        .flatMap(synonymLines),
    )).alternativesIn(question),
};

/**
 * The glossary's words for a question's `terms`, asked across languages. The glossary writes Chinese in
 * simplified characters: a question in traditional ones (中間件) is read in them too, each word found given to
 * the question's own term.
 */
export function glossaryAlternatives(question: string, terms: readonly string[]): Map<string, string[]> {
  const alternatives = GLOSSARY.alternativesIn(question);
  addWordsTheSegmenterCut(question, terms, alternatives);
  // None when the question has no Chinese characters.
  for (const form of otherScriptForms(question)) {
    for (const [found, others] of GLOSSARY.alternativesIn(form)) {
      const term = terms.find((candidate) => candidate === found || otherScriptForms(candidate).includes(found));
      if (term !== undefined) alternatives.set(term, [...new Set([...(alternatives.get(term) ?? []), ...others])]);
    }
  }
  return alternatives;
}

/** The glossary's Chinese and Japanese words, longest first (found in a question's text by addWordsTheSegmenterCut). */
let unspacedWords: string[] | undefined;

function glossaryUnspacedWords(): string[] {
  unspacedWords ??= [
    ...new Set(
      GLOSSARY_TEXT.split('\n').flatMap((line) => {
        const [, chinese, japanese] = columnsOf(line);
        return `${chinese},${japanese}`.split(',').map((word) => word.trim());
      }),
    ),
  ]
    .filter((word) => word.length >= 2 && !word.includes(' ') && hasUnspacedScript(word))
    .toSorted((first, second) => second.length - first.length);
  return unspacedWords;
}

/**
 * The glossary's Chinese and Japanese words in a question that the segmenter cut apart: its dictionary cuts
 * 服务器重启 into 服务|器重|启, so neither 服务器 (server) nor 重启 (restart) was a word of "服务器重启以后对话还在吗",
 * and the question was judged beyond English docs that say both. Such a word, found in the text where no word the
 * glossary knew already stands, gives its English words to the question's terms it is made of (重启, a pair of
 * its characters; 服务 and 务器 for 服务器).
 */
function addWordsTheSegmenterCut(question: string, terms: readonly string[], alternatives: Map<string, string[]>): void {
  if (!hasUnspacedScript(question)) return;
  // Text the glossary already read is not read again: 环境变量, read through its words 环境|变量, would give its
  // English words to 境变, a character pair across them.
  let rest = question.toLowerCase();
  for (const known of [...alternatives.keys()].toSorted((first, second) => second.length - first.length)) rest = rest.replaceAll(known, ' ');
  const asked = new Set(terms);
  for (const word of glossaryUnspacedWords()) {
    if (!rest.includes(word)) continue;
    rest = rest.replaceAll(word, ' ');
    const others = [...GLOSSARY.alternativesIn(word).values()].flat();
    const anchors = termsOf(word).filter((term) => asked.has(term));
    for (const anchor of anchors) alternatives.set(anchor, [...new Set([...(alternatives.get(anchor) ?? []), ...others.filter((other) => other !== anchor)])]);
  }
}

/** Each English term of the glossary, with its English words as written (deploi: deploy, deployment). */
let englishWordsByTerm: Map<string, string[]> | undefined;

/**
 * The glossary's English words, as written, for English terms it gave a question (`deploi` for デプロイ): a site's
 * readers' words are matched as written, so they read these too (synonyms.ts).
 */
export function glossaryEnglishWords(terms: Iterable<string>): string[] {
  if (!englishWordsByTerm) {
    englishWordsByTerm = new Map();
    for (const line of GLOSSARY_TEXT.split('\n')) {
      for (const word of columnsOf(line)[0].split(',').map((part) => part.trim()).filter((part) => part !== '')) {
        // A word of one term only: "screen reader" is no reader.
        const wordTerms = termsOf(word);
        const term = wordTerms[0];
        if (wordTerms.length === 1 && term !== undefined) englishWordsByTerm.set(term, [...(englishWordsByTerm.get(term) ?? []), word]);
      }
    }
  }
  return [...new Set([...terms].flatMap((term) => englishWordsByTerm?.get(term) ?? []))];
}

/** Whether the glossary has a word (a part of a katakana compound: ルートパラメータ is ルート and パラメータ). */
export function glossaryKnows(word: string): boolean {
  return GLOSSARY.alternativesIn(word).size > 0;
}
